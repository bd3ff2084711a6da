import type { EnumLabelSet } from '../types';

export default {
  active: 'Actif', inactive: 'Inactif', disabled: 'Désactivé', pending: 'En attente',
  superadmin: 'Super admin', admin: 'Admin', doctor: 'Médecin', fmc: 'Personnel FMC', railway: 'Personnel ferroviaire',
} satisfies EnumLabelSet;

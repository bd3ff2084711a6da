import type { EnumLabelSet } from '../types';

export default {
  active: 'Attivo', inactive: 'Inattivo', disabled: 'Disattivato', pending: 'In attesa',
  superadmin: 'Super amministratore', admin: 'Amministratore', doctor: 'Medico', fmc: 'Personale FMC', railway: 'Personale ferroviario',
} satisfies EnumLabelSet;

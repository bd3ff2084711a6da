import type { EnumLabelSet } from '../types';

export default {
  active: 'Activo', inactive: 'Inactivo', disabled: 'Deshabilitado', pending: 'Pendiente',
  superadmin: 'Superadministrador', admin: 'Administrador', doctor: 'Médico', fmc: 'Personal de FMC', railway: 'Personal ferroviario',
} satisfies EnumLabelSet;

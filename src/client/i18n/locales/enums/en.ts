import type { EnumLabelSet } from '../types';

/** Enum values, shared across entities (a value means the same wherever it appears). */
export default {
  active: 'Active', inactive: 'Inactive', disabled: 'Disabled', pending: 'Pending',
  superadmin: 'Super admin', admin: 'Admin', doctor: 'Doctor', fmc: 'FMC staff', railway: 'Railway staff',
} satisfies EnumLabelSet;

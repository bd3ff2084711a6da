import { defineEntity } from '../entity';
import { f } from '../fields';

/** A family relationship (Spouse, Child, Parent…) that a patient's family members are linked by. */
export const relationships = defineEntity({
  name: 'relationships',
  api: 'relationships',
  table: 'relationship',
  fields: {
    name: f.text({ required: true, max: 60, sortable: true, searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  columns: ['name', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 70 },
});

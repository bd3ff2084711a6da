import { defineEntity } from '../entity';
import { f } from '../fields';

export const city = defineEntity({
  name: 'city',
  api: 'city',
  table: 'city',
  fields: {
    name: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    state: f.ref('state', { required: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  columns: ['name', 'state', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'location', order: 20 },
});

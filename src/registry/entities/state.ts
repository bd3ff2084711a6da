import { defineEntity } from '../entity';
import { f } from '../fields';

/** An Indian state or union territory. */
export const state = defineEntity({
  name: 'state',
  api: 'state',
  table: 'state',
  fields: {
    name: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z]{2,3}$/, message: 'Use the 2 or 3 capital letters of the state code' }),
    country: f.text({ required: true, max: 80, defaultValue: 'India', sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'country'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'location', order: 10 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/** Medical speciality. API resource `specialist`, as the spec's calls name it (spec §7). */
export const speciality = defineEntity({
  name: 'speciality',
  api: 'specialist',
  table: 'speciality',
  fields: {
    name: f.text({ required: true, unique: true, max: 120, sortable: true, searchable: true }),
    description: f.longText({ max: 2000, searchable: true }),
    icon: f.image(),
    sortOrder: f.int({ max: 10_000, sortable: true, defaultValue: 0 }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['description'],
  columns: ['name', 'sortOrder', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 10 },
});

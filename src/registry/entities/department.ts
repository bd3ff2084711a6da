import { defineEntity } from '../entity';
import { f } from '../fields';

/** A hospital department. The code is short capitals and digits (CARD, ORTHO, ENT2) and unique. */
export const department = defineEntity({
  name: 'department',
  api: 'department',
  table: 'department',
  fields: {
    name: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z][A-Z0-9-]{1,15}$/, message: 'Use 2 to 16 capital letters, digits or dashes' }),
    description: f.longText({ max: 2000 }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 80 },
});

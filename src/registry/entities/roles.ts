import { ROLES } from '../roles';
import { defineEntity } from '../entity';
import { f } from '../fields';

/** The five staff roles as records, so that admin users refer to them. Built-in roles cannot be deleted. */
export const roles = defineEntity({
  name: 'roles',
  api: 'roles',
  table: 'role',
  fields: {
    key: f.enum(ROLES, { required: true, unique: true, sortable: true, searchable: true }),
    name: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    description: f.longText({ max: 1000 }),
  },
  titleFields: ['name'],
  subtitleFields: ['key'],
  columns: ['name', 'key', 'description'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 30 },
  protectedRows: { field: 'key', values: ROLES },
  immutable: ['key'],
});

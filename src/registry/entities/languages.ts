import { defineEntity } from '../entity';
import { f } from '../fields';

/** A language doctors consult in. */
export const languages = defineEntity({
  name: 'languages',
  api: 'languages',
  table: 'language',
  fields: {
    name: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[a-z]{2}$/, message: 'Use a two-letter ISO 639-1 code' }),
    nativeName: f.text({ max: 80, searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code', 'nativeName'],
  columns: ['name', 'code', 'nativeName', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 20 },
});

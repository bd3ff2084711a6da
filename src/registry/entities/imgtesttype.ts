import { defineEntity } from '../entity';
import { f } from '../fields';

/** An imaging modality (X-ray, CT, MRI, USG…). The code is unique; a description is added for the form's help. */
export const imgtesttype = defineEntity({
  name: 'imgtesttype',
  api: 'imgtesttype',
  table: 'imaging_type',
  fields: {
    name: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z0-9][A-Z0-9-]{1,19}$/, message: 'Use 2 to 20 capital letters, digits or dashes' }),
    description: f.longText({ max: 1000 }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'imaging', order: 30 },
});

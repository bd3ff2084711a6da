import { defineEntity } from '../entity';
import { f } from '../fields';

/** A laboratory test of the diagnostic centre. Category and sample type are enums so the list can filter by them. */
export const udctest = defineEntity({
  name: 'udctest',
  api: 'udctest',
  table: 'udc_test',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z0-9][A-Z0-9-]{1,19}$/, message: 'Use 2 to 20 capital letters, digits or dashes' }),
    category: f.enum(['haematology', 'biochemistry', 'immunology', 'microbiology', 'clinical_pathology', 'hormones'], { required: true, sortable: true }),
    sampleType: f.enum(['blood', 'serum', 'plasma', 'urine', 'stool', 'swab', 'sputum'], { required: true, sortable: true }),
    unit: f.text({ max: 40 }),
    referenceRange: f.text({ max: 200 }),
    price: f.money({ sortable: true }),
    turnaroundHours: f.int({ min: 1, max: 720, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'category', 'sampleType', 'price', 'turnaroundHours', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'tests', order: 10 },
});

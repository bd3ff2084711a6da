import { defineEntity } from '../entity';
import { f } from '../fields';

/** A test the kiosk performs (blood pressure, SpO2, blood glucose…). The code is unique, as test codes are. */
export const atmmaster = defineEntity({
  name: 'atmmaster',
  api: 'atmmaster',
  table: 'atm_test',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z0-9][A-Z0-9-]{1,19}$/, message: 'Use 2 to 20 capital letters, digits or dashes' }),
    unit: f.text({ max: 40 }),
    price: f.money({ sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'unit', 'price', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'atm', order: 20 },
});

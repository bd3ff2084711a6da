import { defineEntity } from '../entity';
import { f } from '../fields';

/** An Indian postal index number (6 digits, first digit 1–9) and the area it serves. */
export const pincode = defineEntity({
  name: 'pincode',
  api: 'pincode',
  table: 'pincode',
  fields: {
    code: f.code({ required: true, sortable: true, searchable: true, pattern: /^[1-9][0-9]{5}$/, message: 'Enter the 6 digits of the pincode' }),
    area: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    city: f.ref('city', { required: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['code', 'area'],
  columns: ['code', 'area', 'city', 'status'],
  defaultSort: { field: 'code', dir: 'asc' },
  nav: { group: 'location', order: 30 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * An Indian state or union territory. `gstCode` (added to the platform's record model's fields) is its two-digit GST state code, the
 * first two digits of a GSTIN registered there: a tax invoice's place of supply is a patient's state named by it, and
 * whether it is the seller's decides CGST + SGST or IGST (server/money/issue-invoice.ts).
 */
export const state = defineEntity({
  name: 'state',
  api: 'state',
  table: 'state',
  fields: {
    name: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z]{2,3}$/, message: 'Use the 2 or 3 capital letters of the state code' }),
    country: f.text({ required: true, max: 80, defaultValue: 'India', sortable: true }),
    gstCode: f.code({ unique: true, pattern: /^[0-9]{2}$/, message: 'Use the 2 digits of the GST state code' }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'gstCode', 'country'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'location', order: 10 },
});

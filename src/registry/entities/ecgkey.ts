import { defineEntity } from '../entity';
import { f } from '../fields';
import { ordered } from './rules';

/** A licence key of a kiosk's ECG module, valid over a date range. Keys look like ABCD-1234-EF56-7890. */
export const ecgkey = defineEntity({
  name: 'ecgkey',
  api: 'ecgkey',
  table: 'ecg_key',
  fields: {
    key: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/, message: 'Enter the key as four groups of 4 capitals or digits, joined by dashes' }),
    device: f.ref('atmdevice'),
    validFrom: f.date({ required: true, sortable: true }),
    validTo: f.date({ required: true, sortable: true }),
    status: f.enum(['active', 'revoked', 'expired'], { required: true, sortable: true }),
  },
  titleFields: ['key'],
  subtitleFields: ['validTo'],
  columns: ['key', 'device', 'validFrom', 'validTo', 'status'],
  defaultSort: { field: 'validTo', dir: 'asc' },
  nav: { group: 'atm', order: 70 },
  refine: ordered('validFrom', 'validTo', 'The end date cannot be before the start date'),
});

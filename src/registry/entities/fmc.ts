import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A family medical centre. the platform's record model's `services (refs addonservices)` is left out: an add-on service offer
 * already names its centre (addonservices.fmc), so the offers of a centre are that list filtered by fmc,
 * and keeping both would be a circular reference and two truths. `location` is split into latitude and longitude.
 */
export const fmc = defineEntity({
  name: 'fmc',
  api: 'fmc',
  table: 'fmc',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z0-9][A-Z0-9-]{2,19}$/, message: 'Use 3 to 20 capital letters, digits or dashes' }),
    owner: f.ref('doctor'),
    address: f.text({ required: true, max: 300 }),
    city: f.ref('city', { required: true }),
    state: f.ref('state', { required: true }),
    pincode: f.code({ sortable: true, pattern: /^[1-9][0-9]{5}$/, message: 'Enter the 6 digits of the pincode' }),
    phone: f.phone({ searchable: true }),
    email: f.email({ searchable: true }),
    openingHours: f.text({ max: 120 }),
    latitude: f.decimal({ min: -90, max: 90 }),
    longitude: f.decimal({ min: -180, max: 180 }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'city', 'phone', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'fmc', order: 10 },
  scope: 'id',
});

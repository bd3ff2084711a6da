import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A Health ATM kiosk. the platform's record model links kiosk and device both ways (atm.device and atmdevice.atm); only
 * atmdevice.atm is kept. Two links would be two truths that drift apart, and a reference cycle cannot be
 * created table by table. A device belongs to at most one kiosk at a time, so the device holds the link,
 * and a kiosk's devices are the device list filtered by atm.
 */
export const atm = defineEntity({
  name: 'atm',
  api: 'atm',
  table: 'atm',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    code: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^[A-Z0-9][A-Z0-9-]{2,19}$/, message: 'Use 3 to 20 capital letters, digits or dashes' }),
    address: f.text({ max: 300 }),
    city: f.ref('city'),
    fmc: f.ref('fmc'),
    installedOn: f.date({ sortable: true }),
    status: f.enum(['active', 'maintenance', 'retired'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['code'],
  columns: ['name', 'code', 'city', 'fmc', 'installedOn', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'atm', order: 10 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A device fitted in a kiosk. It holds the kiosk link (see atm.ts for why only this direction is kept);
 * a blank kiosk means the device is in stock. `sim` is the SIM card it connects with.
 */
export const atmdevice = defineEntity({
  name: 'atmdevice',
  api: 'atmdevice',
  table: 'atm_device',
  fields: {
    serialNumber: f.code({ required: true, unique: true, sortable: true, searchable: true, max: 40 }),
    model: f.text({ max: 80, sortable: true, searchable: true }),
    manufacturer: f.text({ max: 120, sortable: true, searchable: true }),
    firmwareVersion: f.code({ pattern: /^[0-9]+(\.[0-9]+){1,3}$/, message: 'Use a version like 2.4.1' }),
    atm: f.ref('atm'),
    sim: f.ref('simirapin'),
    status: f.enum(['active', 'maintenance', 'retired'], { required: true, sortable: true }),
  },
  titleFields: ['serialNumber'],
  subtitleFields: ['model', 'manufacturer'],
  columns: ['serialNumber', 'model', 'atm', 'sim', 'firmwareVersion', 'status'],
  defaultSort: { field: 'serialNumber', dir: 'asc' },
  nav: { group: 'atm', order: 50 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * One calibration of a kiosk device. `nextDueOn` is computed by the server on every write
 * (calibratedOn + the item's intervalDays; server/crud/hooks.ts), so the list sorts by what falls due first.
 * `status` is the calibration's result (passed, failed) rather than active | inactive: a calibration
 * record is never "inactive", but a failed one needs a repeat.
 */
export const callibrationInventory = defineEntity({
  name: 'callibrationInventory',
  api: 'callibrationInventory',
  table: 'calibration_record',
  fields: {
    certificateNo: f.code({ required: true, max: 40, sortable: true, searchable: true }),
    device: f.ref('atmdevice', { required: true }),
    item: f.ref('callibrationInventoryMaster', { required: true }),
    calibratedOn: f.date({ required: true, sortable: true }),
    nextDueOn: f.computed('date', { sortable: true }),
    performedBy: f.text({ max: 120, searchable: true }),
    status: f.enum(['passed', 'failed'], { required: true, sortable: true }),
  },
  titleFields: ['certificateNo'],
  subtitleFields: ['calibratedOn', 'performedBy'],
  columns: ['certificateNo', 'device', 'item', 'calibratedOn', 'nextDueOn', 'status'],
  defaultSort: { field: 'nextDueOn', dir: 'asc' },
  nav: { group: 'atm', order: 90 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/** A kind of calibration a kiosk device needs, and how often (days). Changing the interval moves every record's next due date. */
export const callibrationInventoryMaster = defineEntity({
  name: 'callibrationInventoryMaster',
  api: 'callibrationInventoryMaster',
  table: 'calibration_item',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    intervalDays: f.int({ required: true, min: 1, max: 1825, sortable: true, defaultValue: 180 }),
    description: f.longText({ max: 2000 }),
  },
  titleFields: ['name'],
  subtitleFields: ['description'],
  columns: ['name', 'intervalDays'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'atm', order: 80 },
});

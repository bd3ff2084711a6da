import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A medicine in the formulary. `schedule` is the Drugs and Cosmetics Rules schedule (OTC, H, H1, X);
 * its values are prefixed (`schedule_h`) because enum labels are shared by value across entities.
 * `price` is the MRP of one pack.
 */
export const medicine = defineEntity({
  name: 'medicine',
  api: 'medicine',
  table: 'medicine',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    genericName: f.text({ max: 200, sortable: true, searchable: true }),
    form: f.enum(['tablet', 'capsule', 'syrup', 'injection', 'ointment', 'drops'], { required: true, sortable: true }),
    strength: f.text({ max: 60 }),
    manufacturer: f.text({ max: 160, sortable: true, searchable: true }),
    packSize: f.text({ max: 60 }),
    price: f.money({ sortable: true }),
    schedule: f.enum(['otc', 'schedule_h', 'schedule_h1', 'schedule_x'], { required: true, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name', 'strength'],
  subtitleFields: ['genericName', 'manufacturer'],
  columns: ['name', 'genericName', 'form', 'strength', 'price', 'schedule', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'medicine', order: 10 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/** A diet plan for a condition (diabetic, low-salt…), with the day's meals and a calorie target. */
export const dietsheet = defineEntity({
  name: 'dietsheet',
  api: 'dietsheet',
  table: 'diet_sheet',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    condition: f.text({ max: 120, sortable: true, searchable: true }),
    calories: f.int({ min: 800, max: 5000, sortable: true }),
    breakfast: f.longText({ max: 1000 }),
    lunch: f.longText({ max: 1000 }),
    dinner: f.longText({ max: 1000 }),
    snacks: f.longText({ max: 1000 }),
    notes: f.longText({ max: 2000 }),
  },
  titleFields: ['name'],
  subtitleFields: ['condition'],
  columns: ['name', 'condition', 'calories'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'atm', order: 110 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';
import { allOf, ordered } from './rules';

/**
 * The reference range of a kiosk test for a gender and an age band. A `label` ("Adult male") is added to
 * the platform's record model's fields so that the record has a title of its own. Critical bounds lie outside the normal ones.
 */
export const rangemaster = defineEntity({
  name: 'rangemaster',
  api: 'rangemaster',
  table: 'reference_range',
  fields: {
    label: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    test: f.ref('atmmaster', { required: true }),
    unit: f.text({ max: 40 }),
    gender: f.enum(['any', 'male', 'female'], { required: true, sortable: true }),
    ageMin: f.int({ max: 120, sortable: true }),
    ageMax: f.int({ max: 120 }),
    low: f.decimal({ min: -1_000_000, max: 1_000_000 }),
    high: f.decimal({ min: -1_000_000, max: 1_000_000 }),
    criticalLow: f.decimal({ min: -1_000_000, max: 1_000_000 }),
    criticalHigh: f.decimal({ min: -1_000_000, max: 1_000_000 }),
  },
  titleFields: ['label'],
  subtitleFields: ['unit'],
  columns: ['label', 'test', 'gender', 'ageMin', 'ageMax', 'low', 'high', 'unit'],
  defaultSort: { field: 'label', dir: 'asc' },
  nav: { group: 'atm', order: 100 },
  refine: allOf(
    ordered('ageMin', 'ageMax', 'The upper age cannot be below the lower age'),
    ordered('low', 'high', 'The upper limit cannot be below the lower limit'),
    ordered('criticalLow', 'low', 'The critical low must not be above the lower limit'),
    ordered('high', 'criticalHigh', 'The critical high must not be below the upper limit'),
  ),
});

import { defineEntity } from '../entity';
import { f } from '../fields';
import { ordered } from './rules';

/** An experience range doctors are filtered by ("5–10 years"). A blank maxYears is open-ended ("20+ years"). */
export const experience = defineEntity({
  name: 'experience',
  api: 'experience',
  table: 'experience_range',
  fields: {
    label: f.text({ required: true, max: 60, sortable: true, searchable: true }),
    minYears: f.int({ required: true, max: 70, sortable: true, defaultValue: 0 }),
    maxYears: f.int({ min: 1, max: 80, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['label'],
  columns: ['label', 'minYears', 'maxYears', 'status'],
  defaultSort: { field: 'minYears', dir: 'asc' },
  nav: { group: 'master', order: 40 },
  refine: ordered('minYears', 'maxYears', 'The upper bound must be more than the lower bound', true),
});

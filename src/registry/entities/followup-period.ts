import { defineEntity } from '../entity';
import { f } from '../fields';

/** A follow-up period a doctor picks when closing a consultation ("Review after 2 weeks"). */
export const followupPeriod = defineEntity({
  name: 'followupPeriod',
  api: 'followupPeriod',
  table: 'followup_period',
  fields: {
    label: f.text({ required: true, max: 60, sortable: true, searchable: true }),
    days: f.int({ required: true, min: 1, max: 365, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['label'],
  columns: ['label', 'days', 'status'],
  defaultSort: { field: 'days', dir: 'asc' },
  nav: { group: 'master', order: 60 },
});

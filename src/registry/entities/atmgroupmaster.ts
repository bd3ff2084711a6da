import { defineEntity } from '../entity';
import { f } from '../fields';

/** A package of kiosk tests ("Diabetes check"); its contents and price are atmgroup records. */
export const atmgroupmaster = defineEntity({
  name: 'atmgroupmaster',
  api: 'atmgroupmaster',
  table: 'atm_group_master',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    description: f.longText({ max: 2000, searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['description'],
  columns: ['name', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'atm', order: 30 },
});

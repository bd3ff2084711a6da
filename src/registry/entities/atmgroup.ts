import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * The contents and price of a kiosk package. A `name` is added to the platform's record model's fields: a record's title
 * is made of its own fields, and a reference alone would show as a number in the palette and in search.
 * `status` is added too, so that an old price list can be retired without deleting it.
 */
export const atmgroup = defineEntity({
  name: 'atmgroup',
  api: 'atmgroup',
  table: 'atm_group',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    group: f.ref('atmgroupmaster', { required: true }),
    tests: f.refs('atmmaster', { filterable: true }),
    price: f.money({ required: true, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  columns: ['name', 'group', 'tests', 'price', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'atm', order: 40 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * An add-on service offered by a centre at a price. A `name` is added to the platform's record model's fields so that the
 * record has a title of its own (references alone show as numbers in search).
 */
export const addonservices = defineEntity({
  name: 'addonservices',
  api: 'addonservices',
  table: 'addon_service',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    service: f.ref('addonservicesmaster', { required: true }),
    fmc: f.ref('fmc', { required: true }),
    price: f.money({ required: true, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  columns: ['name', 'service', 'fmc', 'price', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'addons', order: 10 },
});

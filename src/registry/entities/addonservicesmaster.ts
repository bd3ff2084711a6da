import { defineEntity } from '../entity';
import { f } from '../fields';

/** A kind of add-on service a centre may offer (home sample collection, physiotherapy…). `status` is added to retire a kind. */
export const addonservicesmaster = defineEntity({
  name: 'addonservicesmaster',
  api: 'addonservicesmaster',
  table: 'addon_service_type',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    description: f.longText({ max: 2000, searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['description'],
  columns: ['name', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'addons', order: 20 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';
import { HEALTH_SERVICES_SAC, SAC_PATTERN } from '../gst';

/**
 * A kind of add-on service a centre may offer (home sample collection, physiotherapy…). `status` is added to retire a
 * kind; `sac` and `gstRate` are added for the tax invoice: how the kind is classified and taxed is a property of the
 * service, the same at every centre that offers it (health care services are exempt: 9993 at 0%).
 */
export const addonservicesmaster = defineEntity({
  name: 'addonservicesmaster',
  api: 'addonservicesmaster',
  table: 'addon_service_type',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    description: f.longText({ max: 2000, searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
    sac: f.code({ required: true, pattern: SAC_PATTERN, message: 'Use the SAC: 99 and 2 to 4 digits', defaultValue: HEALTH_SERVICES_SAC }),
    gstRate: f.decimal({ required: true, min: 0, max: 28, defaultValue: 0 }),
  },
  titleFields: ['name'],
  subtitleFields: ['description'],
  columns: ['name', 'sac', 'gstRate', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'addons', order: 20 },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A medical qualification (MBBS, MD, MS, BDS, DNB…). `superspeciality` is added to the platform's record model's levels
 * for DM and MCh, which are neither a plain postgraduate degree nor a fellowship.
 */
export const educationalCategory = defineEntity({
  name: 'educational_categorymaster',
  api: 'educational_categorymaster',
  table: 'educational_category',
  fields: {
    name: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    level: f.enum(['undergraduate', 'postgraduate', 'diploma', 'superspeciality', 'fellowship'], { required: true, sortable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['level'],
  columns: ['name', 'level', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 90 },
});

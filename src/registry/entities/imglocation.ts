import { defineEntity } from '../entity';
import { f } from '../fields';

/** A place where imaging tests are done (a radiology centre, a hospital's imaging wing). */
export const imglocation = defineEntity({
  name: 'imglocation',
  api: 'imglocation',
  table: 'imaging_location',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    address: f.text({ max: 300 }),
    city: f.ref('city'),
    phone: f.phone({ searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['address'],
  columns: ['name', 'city', 'phone', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'imaging', order: 20 },
});

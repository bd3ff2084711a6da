import { defineEntity } from '../entity';
import { f } from '../fields';

/** A centre run at a G4S site, with the site's contact person. */
export const g4sfmc = defineEntity({
  name: 'g4sfmc',
  api: 'g4sfmc',
  table: 'g4s_fmc',
  fields: {
    siteName: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    fmc: f.ref('fmc', { required: true }),
    address: f.text({ max: 300 }),
    contactName: f.text({ max: 120, sortable: true, searchable: true }),
    contactPhone: f.phone({ searchable: true }),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['siteName'],
  subtitleFields: ['contactName'],
  columns: ['siteName', 'fmc', 'contactName', 'contactPhone', 'status'],
  defaultSort: { field: 'siteName', dir: 'asc' },
  nav: { group: 'fmc', order: 30 },
});

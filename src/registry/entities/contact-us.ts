import { defineEntity } from '../entity';
import { f } from '../fields';

/** A contact point shown in the apps (helpline, billing desk, grievance officer). */
export const contactUs = defineEntity({
  name: 'contactUs',
  api: 'contactUs',
  table: 'contact_point',
  fields: {
    label: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    email: f.email({ searchable: true }),
    phone: f.phone({ searchable: true }),
    address: f.longText({ max: 500 }),
    hours: f.text({ max: 120 }),
    published: f.bool({ sortable: true }),
  },
  titleFields: ['label'],
  subtitleFields: ['phone', 'email'],
  columns: ['label', 'phone', 'email', 'hours', 'published'],
  defaultSort: { field: 'label', dir: 'asc' },
  nav: { group: 'content', order: 40 },
});

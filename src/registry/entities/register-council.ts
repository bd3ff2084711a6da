import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A medical registration council: a state medical council, or the National Medical Commission when
 * `state` is blank. Doctors name the council they are registered with.
 */
export const registerCouncil = defineEntity({
  name: 'registerCouncil',
  api: 'registerCouncil',
  table: 'register_council',
  fields: {
    name: f.text({ required: true, max: 160, sortable: true, searchable: true }),
    shortName: f.code({ max: 20, sortable: true, searchable: true }),
    state: f.ref('state'),
    website: f.url(),
    status: f.enum(['active', 'inactive'], { required: true, sortable: true }),
  },
  titleFields: ['name'],
  subtitleFields: ['shortName'],
  columns: ['name', 'shortName', 'state', 'status'],
  defaultSort: { field: 'name', dir: 'asc' },
  nav: { group: 'master', order: 50 },
});

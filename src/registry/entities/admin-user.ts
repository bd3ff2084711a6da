import { defineEntity } from '../entity';
import { f, isEmailPassword, WEAK_PASSWORD } from '../fields';

/**
 * A staff account. `password` is set on add and never read back (stored as a scrypt hash).
 * `pending` is added to the platform's record model's statuses: a self sign-up waits there until an admin activates it.
 * Disabling a user ends their sessions (server). `centres` scopes fmc staff and doctors to their centres.
 */
export const adminUser = defineEntity({
  name: 'admin-user',
  api: 'admin-user',
  table: 'admin_user',
  fields: {
    firstName: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    lastName: f.text({ required: true, max: 80, sortable: true, searchable: true }),
    email: f.email({ required: true, unique: true, sortable: true, searchable: true }),
    phone: f.phone({ searchable: true }),
    role: f.ref('roles', { required: true }),
    avatar: f.image(),
    status: f.enum(['active', 'disabled', 'pending'], { required: true, sortable: true }),
    /** The family medical centres an fmc user or a doctor works at: their fmc-area screens show only these (docs/decisions.md#scope-by-centre). */
    centres: f.refs('fmc', { detach: true }),
    password: f.password({ required: true }),
  },
  titleFields: ['firstName', 'lastName'],
  subtitleFields: ['email'],
  columns: ['firstName', 'lastName', 'email', 'role', 'status'],
  defaultSort: { field: 'lastName', dir: 'asc' },
  nav: { group: 'people', order: 30 },
  // The rest of what makes a password weak is f.password's; the account's own address needs the email beside it.
  refine: (v, ctx) => {
    if (typeof v.password === 'string' && typeof v.email === 'string' && isEmailPassword(v.password, v.email)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: WEAK_PASSWORD });
    }
  },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A centre's support ticket (fmc/support/ticket): raised by centre staff for their centre (a command and a form; the
 * ticket screens are the superadmin's), assigned to an administrator, discussed in comments that the raiser and
 * superadmins add one at a time, moved open → in progress → resolved → closed, and reopened (docs/decisions.md#statuses-and-transitions).
 */
export const supportTicket = defineEntity({
  name: 'supportTicket',
  path: 'fmc/support/ticket',
  api: 'supportTicket',
  table: 'support_ticket',
  fields: {
    subject: f.text({ required: true, max: 200, sortable: true, searchable: true }),
    description: f.longText({ required: true, max: 4000 }),
    fmc: f.ref('fmc', { required: true }),
    raisedBy: f.ref('admin-user', { server: 'creator' }),
    priority: f.enum(['low', 'medium', 'high', 'urgent'], { required: true, sortable: true }),
    status: f.enum(['open', 'in_progress', 'resolved', 'closed'], { required: true }),
    assignee: f.ref('admin-user', { assigned: true }),
    comments: f.list({
      author: f.ref('admin-user'),
      at: f.datetime({ required: true }),
      text: f.longText({ required: true, max: 2000 }),
    }, { max: 100, server: 'thread' }),
  },
  titleFields: ['subject'],
  subtitleFields: ['priority'],
  columns: ['subject', 'fmc', 'priority', 'status', 'assignee', 'raisedBy'],
  defaultSort: { field: 'updatedAt', dir: 'desc' },
  nav: { group: 'support', order: 10 },
  scope: 'fmc',
  raiseFields: ['subject', 'description', 'fmc', 'priority'],
  workflow: {
    field: 'status',
    initial: 'open',
    transitions: [
      { name: 'start', from: ['open'], to: 'in_progress', key: 's' },
      { name: 'resolve', from: ['in_progress'], to: 'resolved', key: 'r' },
      { name: 'close', from: ['resolved'], to: 'closed', key: 'x' },
      { name: 'reopen', from: ['resolved', 'closed'], to: 'open', key: 'o' },
    ],
  },
});

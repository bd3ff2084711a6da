import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A notification campaign sent to an audience over one channel. Audience values are singular (doctor,
 * patient, fmc, all) so that their labels are shared with the role and content-page enums.
 * A scheduled campaign needs its send time.
 */
export const notification = defineEntity({
  name: 'notification',
  api: 'notification',
  table: 'notification_campaign',
  fields: {
    title: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    body: f.longText({ required: true, max: 1000, searchable: true }),
    audience: f.enum(['all', 'doctor', 'patient', 'fmc'], { required: true, sortable: true }),
    channel: f.enum(['push', 'email', 'sms'], { required: true, sortable: true }),
    scheduledAt: f.datetime({ sortable: true }),
    status: f.enum(['draft', 'scheduled', 'sent', 'cancelled'], { required: true, sortable: true }),
  },
  titleFields: ['title'],
  subtitleFields: ['channel', 'audience'],
  columns: ['title', 'audience', 'channel', 'scheduledAt', 'status'],
  defaultSort: { field: 'scheduledAt', dir: 'desc' },
  nav: { group: 'campaigns', order: 10 },
  refine: (v, ctx) => {
    if (v.status === 'scheduled' && !v.scheduledAt) ctx.addIssue({ code: 'custom', message: 'A scheduled campaign needs a send time', path: ['scheduledAt'] });
  },
});

import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A notification campaign sent to an audience over one channel. Audience values are singular (doctor,
 * patient, fmc, all) so that their labels are shared with the role and content-page enums.
 *
 * Its status is its workflow's (issue 37): draft → scheduled (its `scheduledAt` in the future) → sending → sent, or
 * cancelled before it sends. A sending campaign may be paused (the sender stops between two batches) and resumed (it
 * goes on with those who have not had it yet); a paused one may also be cancelled, and the rest never get it. `sent` is reached by the sender only (server/campaigns/send.ts), which resolves the
 * audience when it starts and counts its progress on the record (`recipients`, `sent`, `failed`).
 */
/**
 * The fields a campaign keeps once sending has started (its audience counted, `recipients` set): changed then, the
 * rest of its audience would get another message, on another channel, or people never counted. The server refuses
 * them (409 `campaign_started`, server/crud/hooks.ts) and the edit form shows them read-only, both from this list.
 */
export const CAMPAIGN_FIXED_WHEN_STARTED = ['title', 'body', 'audience', 'channel', 'centre', 'patientView'] as const;

/** Whether a campaign record has started sending: its audience is counted, and its fixed fields are kept. */
export const campaignStarted = (record: { recipients?: unknown } | null | undefined) => record?.recipients !== null && record?.recipients !== undefined;

export const notification = defineEntity({
  name: 'notification',
  api: 'notification',
  table: 'notification_campaign',
  fields: {
    title: f.text({ required: true, max: 120, sortable: true, searchable: true }),
    body: f.longText({ required: true, max: 1000, searchable: true }),
    audience: f.enum(['all', 'doctor', 'patient', 'fmc'], { required: true, sortable: true }),
    channel: f.enum(['push', 'email', 'sms'], { required: true, sortable: true }),
    // Narrow the audience (resolved when sending starts: server/campaigns/audience-view.ts): the people of one centre,
    // and, of the patients, those a saved view of the patient list shows (a view its author may read).
    centre: f.ref('fmc'),
    patientView: f.int({ min: 1 }),
    scheduledAt: f.datetime({ sortable: true }),
    status: f.enum(['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'], { required: true, sortable: true }),
    recipients: f.int({ server: 'progress' }),
    sent: f.int({ server: 'progress' }),
    failed: f.int({ server: 'progress' }),
  },
  titleFields: ['title'],
  subtitleFields: ['channel', 'audience'],
  columns: ['title', 'audience', 'channel', 'scheduledAt', 'status', 'sent'],
  defaultSort: { field: 'scheduledAt', dir: 'desc' },
  nav: { group: 'campaigns', order: 10 },
  workflow: {
    field: 'status',
    initial: 'draft',
    transitions: [
      // The time is the record's scheduledAt, checked in the future when the move is made (crud/hooks.ts).
      { name: 'schedule', from: ['draft'], to: 'scheduled', key: 's' },
      { name: 'send', from: ['draft', 'scheduled'], to: 'sending', key: 'n', irreversible: 'sendsCampaign' },
      { name: 'pause', from: ['sending'], to: 'paused', key: 'p' },
      { name: 'resume', from: ['paused'], to: 'sending', key: 'r' },
      { name: 'cancel', from: ['draft', 'scheduled', 'paused'], to: 'cancelled', key: 'x' },
    ],
  },
});

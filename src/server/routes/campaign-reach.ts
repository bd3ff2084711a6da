import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { can, canReadRecord, getEntity, ROLES, type Role } from '../../registry';
import { fetchRecord } from '../crud/write';
import type { DB } from '../db/connection';
import { fail, fieldErrors, forbidden, recordIdParam, type AppEnv } from '../http';
import { dataOf, describeCalls, rolesMay } from '../http/call-docs';
import { audienceCounts, narrowingOf, unreachablePeople, type Narrowing } from '../campaigns/send';
import { readCampaignView, type ViewFilter } from '../crud/campaign-view';

/**
 * Before a campaign sends, whom it will reach (issue 37 §2): for its audience, how many people each channel reaches and
 * how many it cannot (no mobile number for SMS, no e-mail address for mail, no account for the inbox and push), and,
 * for the campaign's own channel, those it cannot reach by name, so that nobody is dropped without a word.
 *   GET /api/notification/:id/reach                   a saved campaign, as it stands now       (404: none such)
 *   GET /api/notification/reach?audience=&channel=[&centre=][&view=]    the form's values before they are saved
 *   → { data: { audience, channel, people, reachable, unreachable, channels: { push|email|sms: { people, unreachable } },
 *       missing: [{ kind, id, name }], more, viewProblem? } }
 * Narrowed by the campaign's centre and saved view of patients as the sender narrows it. A saved campaign whose view
 * can no longer narrow it (deleted, not its author's to read) reaches nobody, `viewProblem` saying why (the sender
 * pauses it); the preview's view is checked for the caller, who will be its author: 400 on `view` otherwise.
 * Counted as the sender resolves the audience when it starts (scheduler/campaign.ts), so the figures are those of now.
 * A saved campaign's reach is for who may read the campaign, the preview for who may add or edit one; `missing` names
 * only people of lists the caller may read (the counts are whole), at most MISSING_SHOWN of them.
 */
const MISSING_SHOWN = 50;
const CHANNELS = ['push', 'email', 'sms'] as const;
const AUDIENCES = ['all', 'doctor', 'patient', 'fmc'] as const;
const recordId = z.coerce.number().int().min(1).max(2_147_483_647);
const preview = z.strictObject({ audience: z.enum(AUDIENCES), channel: z.enum(CHANNELS), centre: recordId.optional(), view: recordId.optional() });

type Target = Pick<z.infer<typeof preview>, 'audience' | 'channel'>;

const count = z.number().int().min(0);
const reachAnswer = dataOf(z.strictObject({
  audience: z.enum(AUDIENCES), channel: z.enum(CHANNELS), people: count, reachable: count, unreachable: count,
  channels: z.strictObject(Object.fromEntries(CHANNELS.map((ch) => [ch, z.strictObject({ people: count, unreachable: count })]))),
  missing: z.array(z.strictObject({ kind: z.string(), id: z.number().int(), name: z.string() })).max(MISSING_SHOWN), more: z.boolean(),
  viewProblem: z.string().optional(),
}));

describeCalls({
  'GET /api/notification/reach': {
    summary: 'Whom a campaign of this audience and channel would reach: the people, how many each channel reaches, and some it cannot',
    roles: ROLES.filter((r) => can(r, 'notification', 'add') || can(r, 'notification', 'edit')), query: Object.keys(preview.shape), ok: { status: 200, schema: reachAnswer },
  },
  'GET /api/notification/{id}/reach': { summary: "Whom a campaign reaches, by its own audience and channel", roles: rolesMay('notification', 'details'), ok: { status: 200, schema: reachAnswer }, refuses: [404] },
});

async function reachOf(db: DB, role: Role, t: Target, narrowing: Narrowing) {
  const channels = Object.fromEntries(await Promise.all(CHANNELS.map(async (ch) => [ch, await audienceCounts(db, { audience: t.audience, channel: ch }, narrowing)] as const)));
  const own = channels[t.channel];
  const kinds = ['doctor', 'patients', 'admin-user'].filter((k) => canReadRecord(role, k));
  const listed = await unreachablePeople(db, t, { kinds, limit: MISSING_SHOWN + 1, narrowing });
  return {
    audience: t.audience, channel: t.channel,
    people: own.people, reachable: own.people - own.unreachable, unreachable: own.unreachable,
    channels, missing: listed.slice(0, MISSING_SHOWN), more: listed.length > MISSING_SHOWN || own.unreachable > Math.min(listed.length, MISSING_SHOWN),
  };
}

export function campaignReachRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/notification/reach', async (c) => {
    const role = c.get('user').role;
    if (!can(role, 'notification', 'add') && !can(role, 'notification', 'edit')) throw forbidden();
    const q = preview.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!q.success) throw fieldErrors(q.error.issues);
    const db = c.get('db');
    const { audience, channel, centre, view } = q.data;
    if (centre !== undefined && !(await sql`select 1 from fmc where id = ${centre}`.execute(db)).rows.length) throw fail(400, 'No such centre', { field: 'centre', code: 'not_found' });
    let patients = null;
    if (view !== undefined) {
      if (audience !== 'patient' && audience !== 'all') throw fail(400, 'A saved view of patients narrows an audience of patients only', { field: 'view', code: 'invalid' });
      const read = await readCampaignView(db, view, c.get('user').id, new Date());
      if (!read.ok) throw fail(400, 'This saved view cannot narrow your campaign', { field: 'view', code: read.why });
      patients = read.filter;
    }
    return c.json({ data: await reachOf(db, role, { audience, channel }, { centre: centre ?? null, patients }) });
  });

  app.get('/notification/:id/reach', async (c) => {
    const role = c.get('user').role;
    if (!can(role, 'notification', 'details')) throw forbidden();
    const none = z.strictObject({}).safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!none.success) throw fieldErrors(none.error.issues);
    const db = c.get('db');
    const rec = await fetchRecord(db, getEntity('notification'), recordIdParam(c));
    if (!rec) throw fail(404, 'This record does not exist', { code: 'not_found' });
    // Both are required fields of every campaign, so a stored one always parses.
    const target = preview.parse({ audience: rec.audience, channel: rec.channel });
    const stored = (await sql<{ centre: number | null; patient_view: number | null; audience_filter: ViewFilter | null; created_by: number | null }>`select centre, patient_view, created_by,
      (select filter from campaign_view_filter where campaign = ${Number(rec.id)}) as audience_filter from notification_campaign where id = ${Number(rec.id)}`.execute(db)).rows[0]!;
    const { problem, ...narrowing } = await narrowingOf(db, stored);
    if (problem) {
      const none = { people: 0, unreachable: 0 };
      return c.json({ data: { ...target, people: 0, reachable: 0, unreachable: 0, channels: { push: none, email: none, sms: none }, missing: [], more: false, viewProblem: problem } });
    }
    return c.json({ data: await reachOf(db, role, target, narrowing) });
  });
  return app;
}

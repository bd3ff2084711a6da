import { Hono } from 'hono';
import { z } from 'zod';
import { can, canReadRecord, getEntity, ROLES, type Role } from '../../registry';
import { fetchRecord } from '../crud/write';
import type { DB } from '../db/connection';
import { fail, fieldErrors, forbidden, recordIdParam, type AppEnv } from '../http';
import { dataOf, describeCalls, rolesMay } from '../http/call-docs';
import { audienceCounts, unreachablePeople } from '../campaigns/send';

/**
 * Before a campaign sends, whom it will reach (issue 37 §2): for its audience, how many people each channel reaches and
 * how many it cannot (no mobile number for SMS, no e-mail address for mail, no account for the inbox and push), and,
 * for the campaign's own channel, those it cannot reach by name, so that nobody is dropped without a word.
 *   GET /api/notification/:id/reach                   a saved campaign, as it stands now       (404: none such)
 *   GET /api/notification/reach?audience=&channel=    the form's values before they are saved
 *   → { data: { audience, channel, people, reachable, unreachable, channels: { push|email|sms: { people, unreachable } },
 *       missing: [{ kind, id, name }], more } }
 * Counted as the sender resolves the audience when it starts (scheduler/campaign.ts), so the figures are those of now.
 * A saved campaign's reach is for who may read the campaign, the preview for who may add or edit one; `missing` names
 * only people of lists the caller may read (the counts are whole), at most MISSING_SHOWN of them.
 */
const MISSING_SHOWN = 50;
const CHANNELS = ['push', 'email', 'sms'] as const;
const AUDIENCES = ['all', 'doctor', 'patient', 'fmc'] as const;
const preview = z.strictObject({ audience: z.enum(AUDIENCES), channel: z.enum(CHANNELS) });

type Target = z.infer<typeof preview>;

const count = z.number().int().min(0);
const reachAnswer = dataOf(z.strictObject({
  audience: z.enum(AUDIENCES), channel: z.enum(CHANNELS), people: count, reachable: count, unreachable: count,
  channels: z.strictObject(Object.fromEntries(CHANNELS.map((ch) => [ch, z.strictObject({ people: count, unreachable: count })]))),
  missing: z.array(z.strictObject({ kind: z.string(), id: z.number().int(), name: z.string() })).max(MISSING_SHOWN), more: z.boolean(),
}));

describeCalls({
  'GET /api/notification/reach': {
    summary: 'Whom a campaign of this audience and channel would reach: the people, how many each channel reaches, and some it cannot',
    roles: ROLES.filter((r) => can(r, 'notification', 'add') || can(r, 'notification', 'edit')), query: Object.keys(preview.shape), ok: { status: 200, schema: reachAnswer },
  },
  'GET /api/notification/{id}/reach': { summary: "Whom a campaign reaches, by its own audience and channel", roles: rolesMay('notification', 'details'), ok: { status: 200, schema: reachAnswer }, refuses: [404] },
});

async function reachOf(db: DB, role: Role, t: Target) {
  const channels = Object.fromEntries(await Promise.all(CHANNELS.map(async (ch) => [ch, await audienceCounts(db, { audience: t.audience, channel: ch })] as const)));
  const own = channels[t.channel];
  const kinds = ['doctor', 'patients', 'admin-user'].filter((k) => canReadRecord(role, k));
  const listed = await unreachablePeople(db, t, { kinds, limit: MISSING_SHOWN + 1 });
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
    return c.json({ data: await reachOf(c.get('db'), role, q.data) });
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
    return c.json({ data: await reachOf(db, role, target) });
  });
  return app;
}

import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { can, ENTITIES, prefsSchema, type Role } from '../../registry';
import { fail, fieldErrors, jsonBody, type AppEnv } from '../http';
import { recordsReadInsert } from '../audit/audit';
import { dataOf, describeCalls } from '../http/call-docs';
import { RECORD_COUNT_CAP, whereOf } from '../search';
import { scoped, scopeWhere, type ScopeOwner } from '../records/scope';
import { ident } from '../db/entity-table';
import { searchRecords } from '../search';

/** Devices kept per user for push. */
const MAX_DEVICES = 10;

const fcmSchema = z.strictObject({
  token: z.strictObject({
    userId: z.union([z.number().int(), z.string().max(40)]),
    userType: z.literal('admin'),
    device_token: z.string().min(10).max(4096),
    device_type: z.literal('web'),
  }),
});

const entity = z.enum(ENTITIES.map((e) => e.name) as [string, ...string[]]);
const searchAnswer = z.strictObject({
  data: z.array(z.strictObject({ entity, id: z.number().int(), title: z.string(), subtitle: z.string(), parts: z.record(z.string(), z.unknown()).optional() })),
  groups: z.array(z.strictObject({ entity, count: z.number().int().min(0), more: z.boolean() })),
});
const homeAnswer = dataOf(z.strictObject({ figures: z.array(z.strictObject({ entity, count: z.number().int().min(0), estimate: z.boolean() })) }));

describeCalls({
  'POST /api/fcmToken/{userId}': {
    summary: "Keep this browser's push token for oneself (userId: one's own id)", body: fcmSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ fcmToken: z.strictObject({ token: z.string() }) })) }, refuses: [404],
  },
  'GET /api/search': { summary: 'The palette\'s search of every record the caller may read: a few hits of each kind, and each kind\'s count', query: ['q'], ok: { status: 200, schema: searchAnswer } },
  'GET /api/me/prefs': { summary: "One's own preferences (theme, language, shortcuts…)", ok: { status: 200, schema: dataOf(prefsSchema) } },
  'PUT /api/me/prefs': { summary: "Change some of one's own preferences (those not named stay)", body: prefsSchema, ok: { status: 200, schema: dataOf(prefsSchema) } },
  'GET /api/home': { summary: "The home page's figures: how many records of each entity the caller may list (an estimate past the cap, flagged)", ok: { status: 200, schema: homeAnswer } },
});


/**
 * Counts for the home page: only of entities the role may list, in two statements whatever the number of
 * entities. A table the planner's statistics put above RECORD_COUNT_CAP rows shows their estimate (its row
 * density times its current size, as the planner itself extrapolates); the others are counted, each count
 * stopping after RECORD_COUNT_CAP + 1 rows so that stale statistics never make it scan a large table.
 */
async function homeFigures(db: AppEnv['Variables']['db'], who: ScopeOwner & { role: Role }) {
  const listed = ENTITIES.filter((e) => can(who.role, e.name, 'list'));
  if (!listed.length) return [];
  // A centre's staff count their centres' records only (each count stopped past RECORD_COUNT_CAP, read through the scope's index).
  const mine = listed.filter((e) => scoped(e, who));
  const stats = await sql<{ t: string; tuples: number; pages: number; now_pages: number }>`
    select x.t, c.reltuples::float8 as tuples, c.relpages::int as pages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as now_pages
    from unnest(${listed.map((e) => e.table)}::text[]) as x(t) join pg_class c on c.oid = to_regclass(quote_ident(x.t))`.execute(db);
  const estimates = new Map(stats.rows.map((r) => [r.t, r.tuples > 0 && r.pages > 0 ? Math.round((r.tuples / r.pages) * Math.max(r.now_pages, 1)) : -1]));
  const small = listed.filter((e) => mine.includes(e) || (estimates.get(e.table) ?? -1) <= RECORD_COUNT_CAP);
  const counts = new Map<string, number>();
  if (small.length) {
    const parts = small.map((e) => sql`select ${e.table}::text as t, (select count(*)::int from (select 1 from ${sql.raw(ident(e.table))} t ${whereOf(scopeWhere(e, who))} limit ${RECORD_COUNT_CAP + 1}) x) as n`);
    const res = await sql<{ t: string; n: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const r of res.rows) counts.set(r.t, Number(r.n));
  }
  return listed.map((e) => {
    const estimate = estimates.get(e.table) ?? -1;
    const n = counts.get(e.table);
    if (n !== undefined && n > RECORD_COUNT_CAP && mine.includes(e)) return { entity: e.name, count: n, estimate: true };
    if (n === undefined || n > RECORD_COUNT_CAP) return { entity: e.name, count: Math.max(estimate, n ?? 0), estimate: true };
    return { entity: e.name, count: n, estimate: false };
  });
}

/** Non-entity calls of the console: push token, search, preferences, home figures (the inbox: inbox/routes.ts). */
export function platformRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/fcmToken/:userId', async (c) => {
    const me = c.get('user');
    // Another user's device: that account is none of the caller's business, so it reads as not found.
    if (String(me.id) !== c.req.param('userId')) throw fail(404, 'There is no such call', { code: 'not_found' });
    const r = fcmSchema.safeParse(await jsonBody(c));
    if (!r.success) throw fieldErrors(r.error.issues);
    if (String(r.data.token.userId) !== String(me.id)) throw fail(400, 'The token belongs to another user', { field: 'token.userId' });
    const t = r.data.token;
    // A device belongs to whoever signed in on it last (a shared computer's browser stops getting the last user's
    // pushes); a user keeps a few devices, the oldest dropped past MAX_DEVICES.
    await sql`insert into fcm_token (user_id, user_type, device_token, device_type) values (${me.id}, ${t.userType}, ${t.device_token}, ${t.device_type})
      on conflict (md5(device_token)) do update set user_id = excluded.user_id, device_type = excluded.device_type, updated_at = now()`.execute(c.get('db'));
    await sql`delete from fcm_token where user_id = ${me.id} and id not in (select id from fcm_token where user_id = ${me.id} order by updated_at desc, id desc limit ${MAX_DEVICES})`.execute(c.get('db'));
    return c.json({ data: { fcmToken: { token: t.device_token } } });
  });

  app.get('/search', async (c) => {
    const q = c.req.query('q') ?? '';
    if (q.length > 100) throw fail(400, 'Search text is too long', { field: 'q' });
    // Hits of patient data are reads of those records (their titles and subtitles), one entry per entity, written by
    // the statement that reads the hits' parts (search/hit-reads.ts): the read and its entries are one round trip and
    // one commit, so no answer leaves before its entries are in the log; the chain is sealed afterwards (audit/audit-seal.ts).
    const user = c.get('user');
    const { hits, groups } = await searchRecords(c.get('db'), user, q, (kinds) => recordsReadInsert(user, 'read_search', { q }, kinds));
    // By kind: a few hits of each (best kinds first) and each kind's count (`more`: past the count's cap).
    return c.json({ data: hits, groups });
  });

  app.get('/me/prefs', async (c) => {
    const row = await c.get('db').selectFrom('user_pref').select('prefs').where('user_id', '=', c.get('user').id).executeTakeFirst();
    return c.json({ data: row?.prefs ?? {} });
  });

  app.put('/me/prefs', async (c) => {
    const r = prefsSchema.safeParse(await jsonBody(c));
    if (!r.success) throw fieldErrors(r.error.issues);
    const db = c.get('db');
    const me = c.get('user').id;
    const current = (await db.selectFrom('user_pref').select('prefs').where('user_id', '=', me).executeTakeFirst())?.prefs ?? {};
    const prefs = { ...current, ...r.data };
    await sql`insert into user_pref (user_id, prefs) values (${me}, ${JSON.stringify(prefs)}::jsonb)
      on conflict (user_id) do update set prefs = excluded.prefs, updated_at = now()`.execute(db);
    return c.json({ data: prefs });
  });

  app.get('/home', async (c) => c.json({ data: { figures: await homeFigures(c.get('db'), c.get('user')) } }));

  return app;
}

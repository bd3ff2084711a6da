import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { can, ENTITIES, type Role } from '../../registry';
import { fail, fieldErrors, jsonBody, type AppEnv } from '../http';
import { searchRecords } from '../search';

const fcmSchema = z.strictObject({
  token: z.strictObject({
    userId: z.union([z.number().int(), z.string().max(40)]),
    userType: z.literal('admin'),
    device_token: z.string().min(10).max(4096),
    device_type: z.literal('web'),
  }),
});

const prefsSchema = z.strictObject({
  theme: z.enum(['themedefault', 'dark', 'contrast']).optional(),
  lang: z.enum(['en', 'zh', 'es', 'fr', 'it']).optional(),
  singleKeyShortcuts: z.boolean().optional(),
  keymap: z.record(z.string().max(80), z.string().max(40)).optional(),
}).refine((v) => Object.keys(v.keymap ?? {}).length <= 200, { message: 'Too many shortcuts', path: ['keymap'] });

/** Counts for the home page: only of entities the role may list. Cheap queries only (estimates on big tables). */
async function homeFigures(db: AppEnv['Variables']['db'], role: Role) {
  const out: { entity: string; count: number; estimate: boolean }[] = [];
  for (const e of ENTITIES) {
    if (!can(role, e.name, 'list')) continue;
    const est = await sql<{ n: number }>`select reltuples::bigint as n from pg_class where relname = ${e.table}`.execute(db);
    const estimate = Number(est.rows[0]?.n ?? -1);
    if (estimate > 50_000) { out.push({ entity: e.name, count: estimate, estimate: true }); continue; }
    const exact = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(`"${e.table}"`)}`.execute(db);
    out.push({ entity: e.name, count: Number(exact.rows[0].n), estimate: false });
  }
  return out;
}

/** Non-entity calls of the console: notifications, push token, search, preferences, home figures. */
export function platformRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/notification/admin', async (c) => {
    const rows = await c.get('db').selectFrom('admin_notification')
      .select(['id', 'note_type', 'title', 'body', 'link', 'created_at', 'read_at'])
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', c.get('user').id)]))
      .orderBy('created_at', 'desc').limit(50).execute();
    return c.json({ data: rows.map((r) => ({ _id: String(r.id), noteType: r.note_type, title: r.title, body: r.body, link: r.link, createdAt: r.created_at, read: !!r.read_at })) });
  });

  app.post('/fcmToken/:userId', async (c) => {
    const me = c.get('user');
    if (String(me.id) !== c.req.param('userId')) throw fail(403, 'You can only register your own device', { code: 'forbidden' });
    const r = fcmSchema.safeParse(await jsonBody(c));
    if (!r.success) throw fieldErrors(r.error.issues);
    if (String(r.data.token.userId) !== String(me.id)) throw fail(400, 'The token belongs to another user', { field: 'token.userId' });
    const t = r.data.token;
    await sql`insert into fcm_token (user_id, user_type, device_token, device_type) values (${me.id}, ${t.userType}, ${t.device_token}, ${t.device_type})
      on conflict (user_id) do update set device_token = excluded.device_token, device_type = excluded.device_type, updated_at = now()`.execute(c.get('db'));
    return c.json({ data: { fcmToken: { token: t.device_token } } });
  });

  app.get('/search', async (c) => {
    const q = c.req.query('q') ?? '';
    if (q.length > 100) throw fail(400, 'Search text is too long', { field: 'q' });
    return c.json({ data: await searchRecords(c.get('db'), c.get('user').role, q) });
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

  app.get('/home', async (c) => c.json({ data: { figures: await homeFigures(c.get('db'), c.get('user').role) } }));

  return app;
}

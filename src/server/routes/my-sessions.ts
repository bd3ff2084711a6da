import { Hono } from 'hono';
import { sql } from 'kysely';
import { revokeUserSessions } from '../auth/sessions';
import { publishSessionsEnded } from '../events/notices';
import { z } from 'zod';
import { fail, recordIdParam, type AppEnv } from '../http';
import { dataOf, describeCalls, isoTime } from '../http/call-docs';

describeCalls({
  'GET /api/me/sessions': {
    summary: "One's own live sessions, latest first: when made and last seen, the browser, how signed in, and which is this one",
    ok: {
      status: 200,
      schema: dataOf(z.array(z.strictObject({
        id: z.number().int(), createdAt: isoTime, lastSeenAt: isoTime, userAgent: z.string().nullable(), method: z.enum(['password', 'hosted']),
        factor: z.enum(['code', 'recovery', 'passkey', 'provider']).nullable(), current: z.boolean(),
      }))),
    },
  },
  'DELETE /api/me/sessions/{id}': { summary: "End one of one's own sessions", ok: { status: 200, schema: dataOf(z.strictObject({ ended: z.literal(true) })) }, refuses: [404] },
  'POST /api/me/sessions/end-all': { summary: "End every session of one's own, this one included", ok: { status: 200, schema: dataOf(z.strictObject({ ended: z.number().int().min(0) })) } },
});

/**
 * A user's own sessions (preferences: "where you are signed in"), so that a lost phone or a shared computer can be
 * signed out from another:
 *   GET    /api/me/sessions            → { data: [{ id, createdAt, lastSeenAt, userAgent, method, factor, current }] } (live
 *                                         ones, latest first; `method` password or hosted, `factor` the second step or null)
 *   DELETE /api/me/sessions/:id        → { data: { ended: true } }   404 for a session that is not the caller's live one
 *   POST   /api/me/sessions/end-all    → { data: { ended: n } }      every session of the caller, this one included
 */
export function mySessionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/me/sessions', async (c) => {
    const me = c.get('user');
    const idle = c.get('config').sessionIdleMinutes;
    const rows = await sql<{ id: number; createdAt: string; lastSeenAt: string; userAgent: string | null; method: string; factor: string | null }>`
      select id, created_at as "createdAt", last_seen_at as "lastSeenAt", user_agent as "userAgent", method, factor from session
      where user_id = ${me.id} and revoked_at is null and expires_at > now() and last_seen_at > now() - make_interval(mins => ${idle})
      order by last_seen_at desc, id desc limit 100`.execute(c.get('db'));
    return c.json({ data: rows.rows.map((r) => ({ ...r, id: Number(r.id), current: Number(r.id) === me.sessionId })) });
  });

  app.delete('/me/sessions/:id', async (c) => {
    const id = recordIdParam(c);
    const ended = await sql`update session set revoked_at = now() where id = ${id} and user_id = ${c.get('user').id} and revoked_at is null returning id`.execute(c.get('db'));
    if (!ended.rows.length) throw fail(404, 'This record does not exist', { code: 'not_found' });
    await publishSessionsEnded(c.get('db'), [c.get('user').id]);
    return c.json({ data: { ended: true } });
  });

  app.post('/me/sessions/end-all', async (c) => {
    const n = await revokeUserSessions(c.get('db'), c.get('user').id);
    return c.json({ data: { ended: n } });
  });

  return app;
}

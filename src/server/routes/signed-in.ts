import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { withoutInvisible } from '../../registry';
import { liveSql } from '../auth/sessions';
import { writeEntries } from '../audit/audit';
import { guard } from '../crud/routes';
import { requireFreshProof } from '../auth/step-up';
import { publishSessionsEnded } from '../events/notices';
import { fail, fieldErrors, jsonBody, recordIdParam, type AppEnv } from '../http';
import { dataOf, describeCalls, isoTime, rolesMay } from '../http/call-docs';

/**
 * Who is signed in (the superadmin's screen, policy `sessions`): every live session of every person, and ending one
 * with a reason. The person is told at their next call (401 `session_ended`, the reason as its `detail`); the end is in
 * the audit trail under their account.
 *   GET  /api/sessions           → { data: [{ id, userId, name, email, role, method, createdAt, lastSeenAt, address, userAgent, current }], truncated }
 *   POST /api/sessions/:id/end   { reason } → { data: { ended: true } }   404 for a session that is not live
 */
const LIMIT = 1000;
const endSchema = z.strictObject({ reason: withoutInvisible(z.string().trim().min(1, 'Give a reason').max(200)) as z.ZodType<string> });

export interface SignedInRow {
  id: number; userId: number; name: string; email: string; role: string; method: string;
  createdAt: string; lastSeenAt: string; address: string | null; userAgent: string | null;
}

describeCalls({
  'GET /api/sessions': {
    summary: `Every live session of every person, latest first (${LIMIT} at most: \`truncated\` says more were left out)`, roles: rolesMay('sessions', 'list'),
    ok: {
      status: 200,
      schema: z.strictObject({
        data: z.array(z.strictObject({
          id: z.number().int(), userId: z.number().int(), name: z.string(), email: z.string(), role: z.string(), method: z.enum(['password', 'hosted']),
          createdAt: isoTime, lastSeenAt: isoTime, address: z.string().nullable(), userAgent: z.string().nullable(), current: z.boolean(),
        })),
        truncated: z.boolean(),
      }),
    },
  },
  'POST /api/sessions/{id}/end': {
    summary: "End another person's session, with a reason they are told; a recent proof of identity is asked for", roles: rolesMay('sessions', 'end'), body: endSchema,
    ok: { status: 200, schema: dataOf(z.strictObject({ ended: z.literal(true) })) }, refuses: [404],
  },
});

export function signedInRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/sessions', async (c) => {
    guard(c, 'sessions', 'list');
    const unknown = [...new URL(c.req.url).searchParams.keys()];
    if (unknown.length) throw fail(400, `Unknown field ${unknown[0].slice(0, 40)}`, { field: unknown[0].slice(0, 40), code: 'unknown_field' });
    const rows = await sql<SignedInRow>`
      select s.id, s.user_id as "userId", u.first_name || ' ' || u.last_name as name, u.email, r.key as role, s.method,
        s.created_at as "createdAt", s.last_seen_at as "lastSeenAt", s.address, s.user_agent as "userAgent"
      from session s join admin_user u on u.id = s.user_id join role r on r.id = u.role
      where ${liveSql(c.get('config'))} and u.status = 'active'
      order by s.last_seen_at desc, s.id desc limit ${LIMIT + 1}`.execute(c.get('db'));
    const me = c.get('user').sessionId;
    const data = rows.rows.slice(0, LIMIT).map((r) => ({ ...r, id: Number(r.id), userId: Number(r.userId), current: Number(r.id) === me }));
    return c.json({ data, truncated: rows.rows.length > LIMIT });
  });

  app.post('/sessions/:id/end', async (c) => {
    guard(c, 'sessions', 'end');
    requireFreshProof(c);
    const id = recordIdParam(c);
    const input = endSchema.safeParse(await jsonBody(c));
    if (!input.success) throw fieldErrors(input.error.issues.map((i) => ({ ...i, path: i.path.length ? i.path : ['reason'] })));
    const me = c.get('user');
    const db = c.get('db');
    const userId = await db.transaction().execute(async (tx) => {
      const ended = await sql<{ user_id: number }>`update session set revoked_at = now(), end_reason = 'ended_by_admin', end_note = ${input.data.reason}
        where id = ${id} and ${liveSql(c.get('config'))} returning user_id`.execute(tx);
      const owner = ended.rows[0]?.user_id;
      if (owner === undefined) return null;
      await writeEntries(tx, [{ actor: { id: me.id, address: me.address }, entity: 'admin-user', recordId: Number(owner), action: 'session_end', changes: { session: id, reason: input.data.reason } }]);
      return Number(owner);
    });
    if (userId === null) throw fail(404, 'This record does not exist', { code: 'not_found' });
    // Their open change streams check their sessions at once, in every process.
    await publishSessionsEnded(db, [userId]);
    return c.json({ data: { ended: true } });
  });

  return app;
}

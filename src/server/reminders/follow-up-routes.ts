import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { FOLLOW_UP_MAX_DAYS, FOLLOW_UP_STATES, FOLLOW_UPS_PENDING_MAX, followUpCreate, followUpMove, ROLES, type FollowUp, type FollowUpState } from '../../registry';
import type { DB } from '../db/connection';
import { fail, fieldErrors, jsonBody, recordIdParam, type AppEnv, type SessionUser } from '../http';
import { dataOf, describeCalls, isoTime } from '../http/call-docs';
import { FOLLOW_UP_JOB, followUpRunKey, mayReadRecord, scheduleFollowUp } from './follow-ups';
import { cancelRun } from '../scheduler/runs';
import { titlesOf } from '../screens/screen-query';

/**
 * The caller's own follow-ups ("remind me", registry/follow-ups.ts); nobody reads or moves another's (theirs reads
 * as one that does not exist):
 *   GET    /api/me/follow-ups         → { data: FollowUp[] }   waiting first by time, then the last said or dropped
 *   POST   /api/me/follow-ups         { entity, id, at } → 201 { data: FollowUp }
 *   PATCH  /api/me/follow-ups/{id}    { at } → { data: FollowUp }   moved, and waiting again if it was said or dropped
 *   DELETE /api/me/follow-ups/{id}    → { data: { id, deleted: true } }
 * `at` is in the future and within FOLLOW_UP_MAX_DAYS. The record must be one the caller may read now, else 404 as
 * reading it would answer (a record of another centre, of an entity their role does not read, or none). A follow-up's
 * run is queued in the same transaction (reminders/follow-ups.ts), which says it when its time comes.
 */
const SHOWN_DONE = 50;

interface Row { id: number; entity: string; record_id: number; due_at: Date | string; state: FollowUpState; done_at: Date | string | null }

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const notFound = () => fail(404, 'This record does not exist', { code: 'not_found' });

/** A follow-up as its owner reads it (FollowUp): its record's title only while they may still read the record. */
const followUpAnswer = z.strictObject({
  id: z.number().int(), entity: z.string(), recordId: z.number().int(), title: z.string().nullable(), at: isoTime, state: z.enum(FOLLOW_UP_STATES), doneAt: isoTime.nullable(),
}) satisfies z.ZodType<FollowUp>;

describeCalls({
  'GET /api/me/follow-ups': { summary: "The caller's follow-ups: waiting ones by time, then the last said or dropped", roles: ROLES, ok: { status: 200, schema: dataOf(z.array(followUpAnswer)) } },
  'POST /api/me/follow-ups': {
    summary: 'Be reminded of a record one may read, at a time in the future (an inbox item then)', roles: ROLES, body: followUpCreate,
    ok: { status: 201, schema: dataOf(followUpAnswer) }, refuses: [404, 409],
  },
  'PATCH /api/me/follow-ups/{id}': { summary: "Move one's own follow-up to another time (waiting again)", roles: ROLES, body: followUpMove, ok: { status: 200, schema: dataOf(followUpAnswer) }, refuses: [404] },
  'DELETE /api/me/follow-ups/{id}': {
    summary: "Drop one's own follow-up", roles: ROLES, ok: { status: 200, schema: dataOf(z.strictObject({ id: z.number().int(), deleted: z.literal(true) })) }, refuses: [404],
  },
});

/** Each follow-up with its record's title, said only while the caller may still read the record. */
async function answers(db: DB, me: SessionUser, rows: readonly Row[]): Promise<FollowUp[]> {
  const readable = await Promise.all(rows.map((r) => mayReadRecord(db, me, r.entity, r.record_id)));
  const titles = new Map<string, Map<number, string>>();
  for (const entity of new Set(rows.filter((_, i) => readable[i]).map((r) => r.entity))) {
    titles.set(entity, await titlesOf(db, entity, rows.filter((r, i) => readable[i] && r.entity === entity).map((r) => r.record_id)));
  }
  return rows.map((r, i) => ({
    id: Number(r.id), entity: r.entity, recordId: Number(r.record_id), title: readable[i] ? titles.get(r.entity)?.get(r.record_id) ?? null : null,
    at: iso(r.due_at)!, state: r.state, doneAt: iso(r.done_at),
  }));
}

/** A time a follow-up takes: in the future, within a year. */
function checkedTime(at: string): Date {
  const when = new Date(at);
  const now = Date.now();
  if (when.getTime() <= now) throw fail(400, 'Choose a time in the future', { field: 'at', code: 'invalid' });
  if (when.getTime() > now + FOLLOW_UP_MAX_DAYS * 86_400_000) throw fail(400, 'Choose a time within a year', { field: 'at', code: 'invalid' });
  return when;
}

const select = sql`select id, entity, record_id, due_at, state, done_at from follow_up`;

export function followUpRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/me/follow-ups', async (c) => {
    const me = c.get('user');
    const db = c.get('db');
    const pending = await sql<Row>`${select} where user_id = ${me.id} and state = 'pending' order by due_at, id`.execute(db);
    const done = await sql<Row>`${select} where user_id = ${me.id} and state <> 'pending' order by done_at desc, id desc limit ${SHOWN_DONE}`.execute(db);
    return c.json({ data: await answers(db, me, [...pending.rows, ...done.rows]) });
  });

  app.post('/me/follow-ups', async (c) => {
    const me = c.get('user');
    const body = followUpCreate.safeParse(await jsonBody(c));
    if (!body.success) throw fieldErrors(body.error.issues);
    const { entity, id, at } = body.data;
    const db = c.get('db');
    if (!(await mayReadRecord(db, me, entity, id))) throw notFound();
    const when = checkedTime(at);
    const row = await db.transaction().execute(async (tx) => {
      // The owner's row locked: two saves at once cannot both pass the count.
      await sql`select id from admin_user where id = ${me.id} for update`.execute(tx);
      const count = (await sql<{ n: number }>`select count(*)::int as n from follow_up where user_id = ${me.id} and state = 'pending'`.execute(tx)).rows[0].n;
      if (count >= FOLLOW_UPS_PENDING_MAX) throw fail(409, `You have ${FOLLOW_UPS_PENDING_MAX} follow-ups waiting: drop one first`, { code: 'too_many' });
      const made = (await sql<Row>`insert into follow_up (user_id, entity, record_id, due_at) values (${me.id}, ${entity}, ${id}, ${when})
        returning id, entity, record_id, due_at, state, done_at`.execute(tx)).rows[0];
      await scheduleFollowUp(tx, Number(made.id), when);
      return made;
    });
    return c.json({ data: (await answers(db, me, [row]))[0] }, 201);
  });

  app.patch('/me/follow-ups/:id', async (c) => {
    const me = c.get('user');
    const id = recordIdParam(c);
    const body = followUpMove.safeParse(await jsonBody(c));
    if (!body.success) throw fieldErrors(body.error.issues);
    const db = c.get('db');
    const before = (await sql<Row>`${select} where id = ${id} and user_id = ${me.id}`.execute(db)).rows[0];
    if (!before || !(await mayReadRecord(db, me, before.entity, before.record_id))) throw notFound();
    const when = checkedTime(body.data.at);
    const row = await db.transaction().execute(async (tx) => {
      const moved = (await sql<Row>`update follow_up set due_at = ${when}, state = 'pending', done_at = null where id = ${id} and user_id = ${me.id}
        returning id, entity, record_id, due_at, state, done_at`.execute(tx)).rows[0];
      if (!moved) throw notFound();
      await scheduleFollowUp(tx, id, when);
      return moved;
    });
    return c.json({ data: (await answers(db, me, [row]))[0] });
  });

  app.delete('/me/follow-ups/:id', async (c) => {
    const me = c.get('user');
    const id = recordIdParam(c);
    const gone = await c.get('db').transaction().execute(async (tx) => {
      const res = await sql`delete from follow_up where id = ${id} and user_id = ${me.id} returning id`.execute(tx);
      if (res.rows.length) await cancelRun(tx, { job: FOLLOW_UP_JOB, key: followUpRunKey(id) });
      return res.rows.length > 0;
    });
    if (!gone) throw fail(404, 'This follow-up does not exist', { code: 'not_found' });
    return c.json({ data: { id, deleted: true } });
  });

  return app;
}

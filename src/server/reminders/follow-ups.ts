import { sql } from 'kysely';
import { canReadRecord, ENTITIES, type Role } from '../../registry';
import { fetchRecord } from '../crud/write';
import { inScope, type ScopeOwner } from '../records/scope';
import type { DB } from '../db/connection';
import { addItems } from '../inbox/store';
import { titlesOf } from '../screens/screen-query';
import { defineJob, enqueue } from '../scheduler/runs';

/**
 * A follow-up's time (issue 37 §3, "remind me"): one run of job `follow-up.due` per follow-up, keyed by its id,
 * queued in the transaction that sets or moves it (routes/follow-ups.ts), cancelled when it is deleted.
 *
 * When it comes, in one transaction: the follow-up's row locked, and only a `pending` one whose time has come is
 * said, so two processes (or a run taken again after a crash) say it once; a run that finds the follow-up moved
 * later meanwhile waits for the new time. Its owner is asked again whether they may read the record now (an active
 * account, a role that reads the entity, the record there and within their centres): if so, an inbox item of kind
 * `follow_up` linking the record (and its push), to them alone; if not, nothing is said and the follow-up is
 * `dropped`, so that a reminder never tells anyone of a record they lost.
 */
export const FOLLOW_UP_JOB = 'follow-up.due';

export const followUpRunKey = (id: number) => String(id);

/** Queues (or moves) the follow-up's run, in the caller's transaction. */
export async function scheduleFollowUp(db: DB, id: number, at: Date): Promise<void> {
  await enqueue(db, { job: FOLLOW_UP_JOB, key: followUpRunKey(id), dueAt: at, payload: { followUp: id } });
}

/** Who someone is now, as far as reading goes: null for an account that is not active. */
export async function readerNow(db: DB, userId: number): Promise<ScopeOwner & { role: Role } | null> {
  const row = (await sql<{ role: Role; centres: number[] | null }>`select r.key as role, u.centres from admin_user u join role r on r.id = u.role
    where u.id = ${userId} and u.status = 'active'`.execute(db)).rows[0];
  return row ? { role: row.role, centres: (row.centres ?? []).map(Number) } : null;
}

/** Whether `who` may read the record now: a role that reads its entity, the record there and within their centres. */
export async function mayReadRecord(db: DB, who: ScopeOwner, entity: string, id: number): Promise<boolean> {
  const def = ENTITIES.find((d) => d.name === entity);
  if (!def || !canReadRecord(who.role, def.name)) return false;
  const rec = await fetchRecord(db, def, id);
  return !!rec && inScope(def, who, rec);
}

interface Row { id: number; user_id: number; entity: string; record_id: number; due_at: Date | string; state: string }

/** Says one follow-up if its time has come. What happened: said, dropped, not yet (with its time), or nothing to do. */
export async function deliverFollowUp(db: DB, id: number, now: Date): Promise<'sent' | 'dropped' | 'gone' | { notBefore: Date }> {
  return db.transaction().execute(async (tx) => {
    const f = (await sql<Row>`select id, user_id, entity, record_id, due_at, state from follow_up where id = ${id} for update`.execute(tx)).rows[0];
    if (!f || f.state !== 'pending') return 'gone';
    const due = new Date(f.due_at);
    if (due > now) return { notBefore: due };
    const who = await readerNow(tx, f.user_id);
    const readable = who !== null && (await mayReadRecord(tx, who, f.entity, f.record_id));
    if (!readable) {
      await sql`update follow_up set state = 'dropped', done_at = ${now} where id = ${id}`.execute(tx);
      return 'dropped';
    }
    const name = (await titlesOf(tx, f.entity, [f.record_id])).get(f.record_id) ?? `#${f.record_id}`;
    await addItems(tx, [{ userId: f.user_id, kind: 'follow_up', params: { entity: f.entity, record: f.record_id, name, followUp: id }, actorId: null }]);
    await sql`update follow_up set state = 'sent', done_at = ${now} where id = ${id}`.execute(tx);
    return 'sent';
  });
}

defineJob(FOLLOW_UP_JOB, async ({ db, run, clock, log }) => {
  const id = Number(run.payload.followUp);
  const outcome = await deliverFollowUp(db, id, clock.now());
  if (typeof outcome === 'object') return { continueAt: outcome.notBefore };
  if (outcome === 'dropped') log(`[follow-ups] follow-up ${id} dropped: its owner may no longer read its record`);
  return { messages: outcome === 'sent' ? 1 : 0 };
});

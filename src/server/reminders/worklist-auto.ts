import { sql } from 'kysely';
import { getEntity, WORKLIST_AUTO_DEFAULT_DAYS, WORKLISTS, type WorklistAuto, type WorklistDef } from '../../registry';
import { selectList } from '../records/columns';
import { SYSTEM_ACTOR } from '../crud/write';
import type { DB } from '../db/connection';
import { table } from '../screens/screen-query';
import { remindRecord, type Row } from '../routes/worklists';
import { ruleSql, viaCounts } from '../screens/worklist-rules';
import { cancelRun, defineJob, enqueue } from '../scheduler/runs';

/**
 * A worklist that reminds by itself (registry/worklist-auto.ts): one run of job `worklist.auto-remind` per worklist,
 * keyed by its id, queued when it is turned on (due at once) and again by each round for `everyDays` later;
 * cancelled when it is turned off. A round walks the worklist's records in id order, a batch a transaction, and
 * reminds each person on it as "Send reminders" does (routes/worklists.ts, remindRecord): the reminder row, unique per
 * person, worklist and day, makes it never more often than by hand, and whoever was reminded (by hand or by itself)
 * within the interval is left until the next round. The day is the scheduler's clock's (UTC), as tests move it.
 */
export const WORKLIST_AUTO_JOB = 'worklist.auto-remind';
const BATCH = 200;
const DAY_MS = 86_400_000;

interface Setting { enabled: boolean; every_days: number }

export async function autoSetting(db: DB, w: WorklistDef): Promise<WorklistAuto> {
  const s = (await sql<Setting>`select enabled, every_days from worklist_auto_reminder where worklist = ${w.id}`.execute(db)).rows[0];
  const run = (await sql<{ due_at: Date | string }>`select due_at from job_run where job = ${WORKLIST_AUTO_JOB} and key = ${w.id} and state in ('queued', 'running')`.execute(db)).rows[0];
  const enabled = s?.enabled ?? false;
  return { enabled, everyDays: s?.every_days ?? WORKLIST_AUTO_DEFAULT_DAYS, nextAt: enabled && run ? new Date(run.due_at).toISOString() : null };
}

/** Turns it on (the first round due at `now`) or off, in the caller's transaction. */
export async function setAuto(db: DB, w: WorklistDef, v: { enabled: boolean; everyDays?: number }, by: number, now: Date): Promise<void> {
  const was = (await sql<Setting>`select enabled, every_days from worklist_auto_reminder where worklist = ${w.id} for update`.execute(db)).rows[0];
  const everyDays = v.everyDays ?? was?.every_days ?? WORKLIST_AUTO_DEFAULT_DAYS;
  await sql`insert into worklist_auto_reminder (worklist, enabled, every_days, set_by, updated_at) values (${w.id}, ${v.enabled}, ${everyDays}, ${by}, ${now})
    on conflict (worklist) do update set enabled = excluded.enabled, every_days = excluded.every_days, set_by = excluded.set_by, updated_at = excluded.updated_at`.execute(db);
  if (!v.enabled) await cancelRun(db, { job: WORKLIST_AUTO_JOB, key: w.id });
  // Turned on now: a round at once. Already on, another interval: the round already queued keeps its time.
  else if (!was?.enabled) await enqueue(db, { job: WORKLIST_AUTO_JOB, key: w.id, dueAt: now, payload: { worklist: w.id } });
}

/** One round: every person on the worklist not reminded within `everyDays` days of `now`. Returns the messages queued. */
export async function remindRound(db: DB, w: WorklistDef, everyDays: number, now: Date): Promise<number> {
  const def = getEntity(w.entity);
  const rule = ruleSql(w);
  const day = now.toISOString().slice(0, 10);
  let sent = 0;
  let after = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (tx) => {
      const rows = (await sql<Row>`select ${selectList(def)}, ${rule.missing} as "_missing" from ${table(def)} t ${rule.joins}
        where t.id > ${after} and cardinality(${rule.missing}) > 0
          and not exists (select 1 from reminder r where r.worklist = ${w.id} and r.entity = ${w.entity} and r.record_id = t.id
            and r.day > ${day}::date - ${everyDays}::int)
        order by t.id limit ${BATCH}`.execute(tx)).rows;
      const counts = await viaCounts(tx, w, rows.map((r) => Number(r.id)));
      for (const rec of rows) if ((await remindRecord(tx, w, rec, counts.get(Number(rec.id)), SYSTEM_ACTOR, day)).result === 'sent') sent++;
      return rows;
    });
    if (batch.length < BATCH) return sent;
    after = Number(batch[batch.length - 1].id);
  }
}

defineJob(WORKLIST_AUTO_JOB, async ({ db, run, clock, log }) => {
  const w = WORKLISTS.find((x) => x.id === String(run.payload.worklist));
  if (!w) throw new Error(`no worklist ${String(run.payload.worklist)}`);
  const s = (await sql<Setting>`select enabled, every_days from worklist_auto_reminder where worklist = ${w.id}`.execute(db)).rows[0];
  if (!s?.enabled) return { messages: 0 };
  const now = clock.now();
  const messages = await remindRound(db, w, s.every_days, now);
  log(`[worklists] ${w.id}: ${messages} automatic reminder${messages === 1 ? '' : 's'} queued`);
  return { messages, continueAt: new Date(now.getTime() + s.every_days * DAY_MS) };
});

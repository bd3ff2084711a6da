import { sql } from 'kysely';
import { RUNS_STREAM } from '../../registry';
import { auditEvent } from '../audit/audit';
import type { DB } from '../db/connection';
import { publishChanges } from '../events/notices';
import { systemClock, type Clock } from './clock';

/**
 * Runs of named jobs, kept in `job_run` (migration 0040). A job is registered by name with its handler (defineJob);
 * a run is (job, key, due time, payload). Each pass claims the due runs with `for update skip locked`, so with several
 * processes on one PostgreSQL each run is taken by exactly one of them, and holds it for a lease: a process killed
 * mid-run leaves it `running` with a lease that ends, and the next pass anywhere takes it again. A handler may
 * therefore run twice for one run; what it sends it sends through keyed outbox rows (queueKeyed, messages.ts), which
 * a second run finds already there.
 */
export type RunState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface Run {
  id: number;
  job: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  dueAt: Date;
}

export interface JobContext {
  db: DB;
  run: Run;
  clock: Clock;
  log: (line: string) => void;
}

/** What a handler did: how many messages it queued (the Runs screen's count), and, to go on later, when. */
export interface JobResult {
  messages?: number;
  /** The run is not finished: it is queued again for this time (a campaign's next batch), attempts kept. */
  continueAt?: Date;
}

export type JobHandler = (ctx: JobContext) => Promise<JobResult | void>;

const handlers = new Map<string, JobHandler>();

/** The Runs screen hears of each move of a run (queued, taken, ended, retried, cancelled) over the change stream. */
async function told(db: DB, ids: readonly number[]) {
  await publishChanges(db, ids.map((id) => ({ entity: RUNS_STREAM, id: Number(id), version: null, action: 'update', by: null, centre: null })));
}

/** Registers a job by name (at module load, like the registry's entities). A name is defined once. */
export function defineJob(name: string, handler: JobHandler): void {
  if (handlers.has(name) && handlers.get(name) !== handler) throw new Error(`job ${name} is defined twice`);
  handlers.set(name, handler);
}

export const jobNames = () => [...handlers.keys()].sort();

/** How long a claimed run is held before another process may take it again (its holder presumed dead). */
export const LEASE_SECONDS = 300;
/** Wait before the next try after a failure: 30 s, 1 min, 2 min … at most an hour. */
export const retryAfterSeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);

export interface Enqueue {
  job: string;
  key: string;
  dueAt: Date;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

/**
 * Queues a run (in the caller's transaction when it has one). The same (job, key) again moves a run that has not
 * started to the new time and payload (a campaign rescheduled), and queues again one that ended; a running one is left.
 * Returns the run's id.
 */
export async function enqueue(db: DB, e: Enqueue): Promise<number> {
  const row = await sql<{ id: number }>`insert into job_run (job, key, payload, due_at, max_attempts)
    values (${e.job}, ${e.key}, ${JSON.stringify(e.payload ?? {})}::jsonb, ${e.dueAt}, ${e.maxAttempts ?? 5})
    on conflict (job, key) do update set payload = excluded.payload, due_at = excluded.due_at, max_attempts = excluded.max_attempts,
      state = 'queued', attempts = case when job_run.state = 'queued' then job_run.attempts else 0 end, last_error = null,
      locked_until = null, finished_at = null
      where job_run.state <> 'running'
    returning id`.execute(db);
  if (row.rows[0]) {
    await told(db, [Number(row.rows[0].id)]);
    return Number(row.rows[0].id);
  }
  const held = await sql<{ id: number }>`select id from job_run where job = ${e.job} and key = ${e.key}`.execute(db);
  return Number(held.rows[0]!.id);
}

/** Cancels a run that has not finished (queued, or running: its holder's end is then not recorded over it). */
export async function cancelRun(db: DB, where: { id: number } | { job: string; key: string }, clock: Clock = systemClock): Promise<boolean> {
  const now = clock.now();
  const res = 'id' in where
    ? await sql<{ id: number }>`update job_run set state = 'cancelled', finished_at = ${now}, locked_until = null where id = ${where.id} and state in ('queued', 'running') returning id`.execute(db)
    : await sql<{ id: number }>`update job_run set state = 'cancelled', finished_at = ${now}, locked_until = null where job = ${where.job} and key = ${where.key} and state in ('queued', 'running') returning id`.execute(db);
  await told(db, res.rows.map((r) => r.id));
  return res.rows.length > 0;
}

/** Queues again, due now, a run that failed or was cancelled, with its tries counted afresh. */
export async function retryRun(db: DB, id: number, clock: Clock = systemClock): Promise<boolean> {
  const res = await sql<{ id: number }>`update job_run set state = 'queued', attempts = 0, due_at = ${clock.now()}, finished_at = null, locked_until = null
    where id = ${id} and state in ('failed', 'cancelled') returning id`.execute(db);
  await told(db, res.rows.map((r) => r.id));
  return res.rows.length > 0;
}

interface Claimed { id: number; job: string; key: string; payload: Record<string, unknown>; attempts: number; max_attempts: number; due_at: Date | string }

/**
 * One pass: claims up to `limit` due runs (queued and due by the clock, or running past their lease) and runs each.
 * Returns how many it claimed.
 */
export async function runDue(db: DB, opts: { clock?: Clock; log?: (line: string) => void; limit?: number } = {}): Promise<number> {
  const clock = opts.clock ?? systemClock;
  const log = opts.log ?? (() => {});
  const now = clock.now();
  const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const claimed = await sql<Claimed>`update job_run set state = 'running', attempts = attempts + 1, locked_until = ${leaseEnd},
      started_at = coalesce(started_at, ${now})
    where id in (select id from job_run
      where (state = 'queued' and due_at <= ${now}) or (state = 'running' and locked_until <= ${now})
      order by due_at, id limit ${opts.limit ?? 10} for update skip locked)
    returning id, job, key, payload, attempts, max_attempts, due_at`.execute(db);
  await told(db, claimed.rows.map((r) => r.id));
  for (const row of claimed.rows) await runOne(db, row, clock, log);
  return claimed.rows.length;
}

async function runOne(db: DB, row: Claimed, clock: Clock, log: (line: string) => void) {
  const run: Run = { id: row.id, job: row.job, key: row.key, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts, dueAt: new Date(row.due_at) };
  const handler = handlers.get(row.job);
  try {
    if (!handler) throw new Error(`no job named ${row.job} in this process`);
    const result = (await handler({ db, run, clock, log })) ?? {};
    const messages = result.messages ?? 0;
    // Only a run still ours is ended here: a cancel meanwhile stays a cancel.
    if (result.continueAt) {
      await db.transaction().execute(async (tx) => {
        await sql`update job_run set state = 'queued', due_at = ${result.continueAt}, attempts = 0, locked_until = null, messages = messages + ${messages}, last_error = null
          where id = ${row.id} and state = 'running'`.execute(tx);
        await told(tx, [row.id]);
      });
    } else {
      await ended(db, row, 'done', { messages }, sql`finished_at = ${clock.now()}, locked_until = null, messages = messages + ${messages}, last_error = null`);
      log(`[scheduler] run ${row.id} (${row.job}) done${messages ? `: ${messages} message${messages === 1 ? '' : 's'}` : ''}`);
    }
  } catch (err) {
    const why = String((err as Error)?.message ?? err).slice(0, 500);
    const giveUp = row.attempts >= row.max_attempts;
    const next = new Date(clock.now().getTime() + retryAfterSeconds(row.attempts) * 1000);
    await ended(db, row, giveUp ? 'failed' : 'queued', { error: why, attempt: row.attempts },
      sql`last_error = ${why}, locked_until = null, due_at = ${giveUp ? sql`due_at` : next}, finished_at = ${giveUp ? clock.now() : null}`);
    log(`[scheduler] run ${row.id} (${row.job}) failed (try ${row.attempts} of ${row.max_attempts}${giveUp ? ', giving up' : ''}): ${why}`);
  }
}

/**
 * A try of a run ends (done, failed, or queued again after a failure), in one transaction with its entry in the audit
 * trail (entity `system`, by the system): every run the scheduler made is there, beside the retries and cancels of
 * the people who moved one. A run no longer ours (cancelled meanwhile) is neither moved nor logged.
 */
async function ended(db: DB, row: Claimed, state: RunState, what: Record<string, unknown>, set: ReturnType<typeof sql>) {
  await db.transaction().execute(async (tx) => {
    const moved = await sql`update job_run set state = ${state}, ${set} where id = ${row.id} and state = 'running'`.execute(tx);
    if (!Number(moved.numAffectedRows ?? 0)) return;
    await auditEvent(tx, { id: null }, 'system', 'update', { run: Number(row.id), job: row.job, key: row.key, state, ...what });
    await told(tx, [row.id]);
  });
}

/**
 * The scheduler of this process: a pass every `tickSeconds` (SCHEDULER_TICK_SECONDS), more at once while a pass finds
 * a full batch; stop() waits for the pass under way. Every serving process runs one; runs are claimed one by one.
 */
export function startScheduler(db: DB, opts: { tickSeconds: number; clock?: Clock; log?: (line: string) => void }): { stop: () => Promise<void>; wake: () => void } {
  const log = opts.log ?? (() => {});
  const BATCH = 10;
  let stopped = false;
  let current: Promise<void> | null = null;
  const pass = () => {
    if (stopped || current) return;
    current = (async () => {
      try {
        while (!stopped && (await runDue(db, { clock: opts.clock, log, limit: BATCH })) === BATCH) { /* a full batch: there may be more */ }
      } catch (err) {
        log(`[scheduler] pass: ${(err as Error).message}`);
      } finally {
        current = null;
      }
    })();
  };
  const timer = setInterval(pass, opts.tickSeconds * 1000);
  timer.unref();
  pass();
  return {
    wake: pass,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}

import { sql } from 'kysely';
import { can, getEntity, ROLES, WORKLISTS, type WorklistDef } from '../../registry';
import type { Database, DB } from '../db/connection';
import { hubOf, type Subscriber } from '../events/hub';
import { ruleSql } from '../screens/worklist-rules';
import { table } from '../screens/screen-query';
import { setTopic } from './store';

/**
 * The worklists' counts in the inboxes of those who work them (notifications.worklist: superadmins, admins): one item
 * per user and worklist ("Doctors: incomplete profile (14)"), updated in place when its count changes, so they never
 * pile up. Counted with the worklists' own rules (screens/worklist-rules.ts), so the count is the number of records
 * the worklist shows when walked to its end. Nothing is seeded.
 *
 * When: each process watches its change stream (events/hub.ts) for changes to the entities a worklist reads, gathers
 * them for a moment (a bulk move, a burst of edits: one count each), then counts the worklists they touch; a gap in
 * the stream (resync) counts them all, as does the start. A count is a write of nobody's: a user whose own edit alone
 * changed it gets the new count without it turning unread. On PostgreSQL with several processes each counts; the
 * item changes only when its count does, so the second finds nothing to change.
 */
export const WORKLIST_DELAY_MS = 2_000;

export const topicOf = (w: WorklistDef) => `worklist:${w.id}`;

/** How many records a worklist holds: those its rule finds lacking something. */
export async function countWorklist(db: DB, w: WorklistDef): Promise<number> {
  const rule = ruleSql(w);
  const res = await sql<{ n: number }>`select count(*)::int as n from ${table(getEntity(w.entity))} t ${rule.joins} where cardinality(${rule.missing}) > 0`.execute(db);
  return Number(res.rows[0].n);
}

/** Counts the worklists and sets each worker's item. `quiet`: users whose own writes alone changed them. */
export async function refreshWorklists(db: DB, opts: { worklists?: readonly WorklistDef[]; quiet?: readonly number[] } = {}) {
  const roles = ROLES.filter((r) => can(r, 'notifications', 'worklist'));
  const users = (await sql<{ id: number }>`select u.id from admin_user u join role r on r.id = u.role
    where u.status = 'active' and r.key = any(${roles}::text[])`.execute(db)).rows.map((r) => Number(r.id));
  for (const w of opts.worklists ?? WORKLISTS) {
    await db.transaction().execute(async (tx) => {
      const count = await countWorklist(tx, w);
      // An empty worklist asks nothing of anyone: its item shows 0 without turning unread.
      await setTopic(tx, topicOf(w), 'worklist', { worklist: w.id, count }, users, count === 0 ? users : opts.quiet ?? []);
    });
  }
}

/** The entities whose changes may change a worklist's count; a change of a staff account may add a worker. */
function watchedEntities(): Map<string, readonly WorklistDef[]> {
  const out = new Map<string, WorklistDef[]>();
  const add = (entity: string, w: WorklistDef) => out.set(entity, [...(out.get(entity) ?? []), w]);
  for (const w of WORKLISTS) {
    add(w.entity, w);
    if (w.via) add(w.via.entity, w);
  }
  out.set('admin-user', [...WORKLISTS]);
  return out;
}

/** Starts this process's watcher (and a first count); the returned function stops it, waiting for a count under way. */
export function startWorklistCounts(database: Pick<Database, 'listen'>, db: DB, opts: { log: (line: string) => void; bufferSize?: number; delayMs?: number }): () => Promise<void> {
  const { log, delayMs = WORKLIST_DELAY_MS } = opts;
  const watched = watchedEntities();
  let due = new Set<WorklistDef>(WORKLISTS);
  let authors = new Set<number | null>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let unsubscribe = () => {};

  const run = async () => {
    timer = undefined;
    if (stopped || running) return;
    const worklists = [...due];
    const quiet = authors.size === 1 && ![...authors].includes(null) ? [...authors] as number[] : [];
    due = new Set();
    authors = new Set();
    running = refreshWorklists(db, { worklists, quiet }).catch((err: Error) => log(`[worklists] counting failed: ${err.message}`)).finally(() => {
      running = null;
      if (due.size) schedule();
    });
  };
  const schedule = () => { if (!stopped && !timer) { timer = setTimeout(() => void run(), delayMs); timer.unref?.(); } };
  const sub: Subscriber = {
    userId: 0,
    offer: (_id, change) => {
      const ws = watched.get(change.entity);
      if (!ws) return;
      for (const w of ws) due.add(w);
      authors.add(change.by);
      schedule();
    },
    resync: () => { for (const w of WORKLISTS) due.add(w); authors.add(null); schedule(); },
    recheck: () => {},
    presence: () => {},
  };
  const hub = hubOf(database, { bufferSize: opts.bufferSize });
  hub.start().then(() => {
    if (!stopped) unsubscribe = hub.subscribe(sub);
    schedule();
  }, (err: Error) => log(`[worklists] the change stream could not be heard: ${err.message}`));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    await running;
  };
}

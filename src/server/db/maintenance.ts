import { sql } from 'kysely';
import type { DB } from './connection';
import { ident } from './entity-table';

/**
 * The embedded database's own autovacuum. PGlite runs PostgreSQL as one backend with no autovacuum worker, so
 * nothing refreshes the planner's statistics or the visibility map there: a list's capped count then reads every
 * heap row instead of the index alone (110 ms against 3 ms on 2,000,000 payments in the bench). Every few minutes
 * this does what autovacuum would, with its default thresholds, one table at a time and only where rows changed:
 * ANALYZE a table whose changes since the last ANALYZE exceed 50 + 10 % of its rows; VACUUM one whose dead rows
 * exceed 50 + 20 %, or whose rows inserted since its last VACUUM exceed 1,000 + 20 % (a table only ever added to, such
 * as the audit log or a bulk import, has no dead rows, and its new pages are not all-visible until a VACUUM marks them;
 * VACUUM reads only the pages not yet marked). The embedded database keeps no statistics across a restart, so those
 * counts start again from nothing at each start; a table whose pages not known all-visible (its size against
 * pg_class.relallvisible, which each VACUUM sets) exceed 20 + 20 % of them is vacuumed too, whatever the counts say.
 * A PostgreSQL server has its own autovacuum: nothing runs there.
 */
export const MAINTAIN_EVERY_MS = 5 * 60_000;

interface TableStats { name: string; live: number; dead: number; modified: number; inserted: number; pages: number; visible: number }

export async function maintainOnce(db: DB, log: (line: string) => void = () => {}): Promise<string[]> {
  // The one backend's counts are flushed to the statistics now and then; the next statement reads them whole.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const stats = await sql<TableStats>`select s.relname as name, n_live_tup::float8 as live, n_dead_tup::float8 as dead, n_mod_since_analyze::float8 as modified,
    n_ins_since_vacuum::float8 as inserted, (pg_relation_size(s.relid) / current_setting('block_size')::int)::float8 as pages, c.relallvisible::float8 as visible
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.schemaname = 'public'`.execute(db);
  const done: string[] = [];
  for (const t of stats.rows) {
    if (!/^[a-z_][a-z0-9_]*$/.test(t.name)) continue;
    const unmarked = Number(t.pages) - Number(t.visible);
    const vacuum = Number(t.dead) > 50 + 0.2 * Number(t.live) || Number(t.inserted) > 1000 + 0.2 * Number(t.live) || unmarked > 20 + 0.2 * Number(t.pages);
    const analyze = Number(t.modified) > 50 + 0.1 * Number(t.live);
    if (!vacuum && !analyze) continue;
    const started = Date.now();
    await sql.raw(`${vacuum ? 'vacuum (analyze)' : 'analyze'} ${ident(t.name)}`).execute(db);
    done.push(`${vacuum ? 'vacuum' : 'analyze'} ${t.name}`);
    log(`[db] ${vacuum ? 'vacuumed and analysed' : 'analysed'} ${t.name} in ${Date.now() - started} ms`);
  }
  return done;
}

export function startMaintenance(db: DB, kind: 'pglite' | 'postgres', log: (line: string) => void): () => Promise<void> {
  if (kind !== 'pglite') return async () => {};
  let stopped = false;
  let current: Promise<unknown> | null = null;
  const pass = () => {
    if (stopped || current) return;
    current = maintainOnce(db, log).catch((err) => log(`[db] maintenance: ${(err as Error).message}`)).finally(() => { current = null; });
  };
  const timer = setInterval(pass, MAINTAIN_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}

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
  for (const index of await mergePendingLists(db)) {
    done.push(`merge ${index.name}`);
    log(`[db] merged ${index.pages} pending pages into ${index.name}`);
  }
  return done;
}

/**
 * A GIN index (the search texts' trigrams, migrations 0001 and 0006; the audit log's patients) takes new entries into
 * a pending list, and every search of the index reads that list whole until it is merged into the index: past 4 MB
 * (gin_pending_list_limit) by the insert that overflows it, by a VACUUM of its table, or on a server by autovacuum's
 * ANALYZE. Here the ANALYZE above does not merge it (only autovacuum's does), so lists of megabytes stayed: after the
 * demo seed the shared trigram index held 413 pending pages, and the planner read all 4,336 search texts for a surname
 * rather than the index (2 ms against 0.2; the palette's search CPU 5.2 → 2.4 ms: bench/search-figures.md). Merging
 * is the work the overflowing insert would do, done here rather than in a request; a list already empty costs a read
 * of its index's first page.
 */
export async function mergePendingLists(db: DB): Promise<{ name: string; pages: number }[]> {
  const merged = await sql<{ name: string; pages: number }>`select c.relname as name, gin_clean_pending_list(c.oid)::int as pages
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
    where a.amname = 'gin' and n.nspname = 'public' and i.indisvalid`.execute(db);
  return merged.rows.filter((index) => Number(index.pages) > 0).map((index) => ({ name: index.name, pages: Number(index.pages) }));
}

export function startMaintenance(db: DB, kind: 'pglite' | 'postgres', log: (line: string) => void): () => Promise<void> {
  if (kind !== 'pglite') return async () => {};
  let stopped = false;
  let current: Promise<unknown> | null = null;
  const pass = () => {
    if (stopped || current) return;
    current = maintainOnce(db, log).catch((err) => log(`[db] maintenance: ${(err as Error).message}`)).finally(() => { current = null; });
  };
  // The pending lists at once, not at the first pass five minutes on: a folder just seeded or long written holds
  // megabytes of them, which every search of their indexes would read meanwhile.
  current = mergePendingLists(db).then((merged) => {
    for (const index of merged) log(`[db] merged ${index.pages} pending pages into ${index.name} at start`);
  }).catch((err) => log(`[db] maintenance: ${(err as Error).message}`)).finally(() => { current = null; });
  const timer = setInterval(pass, MAINTAIN_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}

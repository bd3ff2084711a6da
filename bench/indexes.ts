import { sql } from 'kysely';
import type { DB } from '../src/server/db/connection';

export interface DeferredIndex { table: string; name: string; def: string }

/**
 * Indexes a trigger of a loaded table reads on every statement: without them each batch reads the table whole, and the
 * load grows with the square of its rows. The patients seen (migration 0026) read each touched patient's latest
 * visit from this one: without it, 2,000 appointments a batch went at ~60 rows/s at scale 0.05, and slower as it grew.
 */
const READ_BY_TRIGGERS = ['appointment__patient_scheduled_at__ix'];

/**
 * Indexes of the tables about to be bulk-loaded, other than those backing constraints (primary keys) and those
 * triggers read (READ_BY_TRIGGERS): dropped before the load and built again after it from their own definitions,
 * which is far quicker than keeping a dozen b-trees and a trigram index up to date row by row. If the seed stops
 * half-way the data set is never marked complete, so the next run rebuilds the folder and no index is left missing.
 */
export async function dropIndexes(db: DB, tables: string[]): Promise<DeferredIndex[]> {
  const res = await sql<{ table: string; name: string; def: string }>`
    select c.relname as table, i.relname as name, pg_get_indexdef(x.indexrelid) as def
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class c on c.oid = x.indrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    where c.relname = any(${tables}::text[])
      and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
      and i.relname <> all(${READ_BY_TRIGGERS}::text[])
    order by c.relname, i.relname`.execute(db);
  for (const ix of res.rows) await sql.raw(`drop index "${ix.name}"`).execute(db);
  return res.rows;
}

export async function createIndexes(db: DB, indexes: DeferredIndex[], onEach: (ix: DeferredIndex, ms: number) => void): Promise<void> {
  await sql`set maintenance_work_mem = '256MB'`.execute(db);
  for (const ix of indexes) {
    const t = performance.now();
    await sql.raw(ix.def).execute(db);
    onEach(ix, performance.now() - t);
  }
  await sql`reset maintenance_work_mem`.execute(db);
}

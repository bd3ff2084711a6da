import { sql } from 'kysely';
import { ENTITIES, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { selectList, toRecord } from '../records/columns';
import { referenceFields, referencePhoneFields } from './reference-text';
import { rewriteSearchDocs } from './search-rows';

/**
 * What an entity's search texts hold beyond its own fields, as the registry says today: each reference, the title
 * fields of its target and the phones searched. A change of any (a new reference, a title made of other fields)
 * changes it, and the texts are rewritten at the next start.
 */
export function searchTextSource(def: EntityDef): string {
  return JSON.stringify(referenceFields(def).map(({ field, target }) => [field, target.name, target.titleFields, referencePhoneFields(def, target)]));
}

/** Records read and rewritten a statement while catching up. */
const BATCH = 2_000;
const VACUUM_AFTER_ROWS = 10_000;

/**
 * At start: the search texts of every entity whose recorded source differs from the registry's are rewritten (a
 * database made before references were searched, a reference added), in one transaction under a lock, so that
 * processes starting together on one PostgreSQL do it once. A database already in step costs one read.
 */
export async function ensureSearchTexts(db: DB, log: (line: string) => void = () => {}): Promise<void> {
  const stale = async (conn: DB) => {
    const recorded = new Map((await sql<{ entity: string; source: string }>`select entity, source from search_text_source`.execute(conn)).rows.map((r) => [r.entity, r.source]));
    return ENTITIES.filter((def) => recorded.get(def.name) !== searchTextSource(def));
  };
  if (!(await stale(db)).length) return;
  let rewritten = 0;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('search_text_source'))`.execute(tx);
    for (const def of await stale(tx)) {
      const started = performance.now();
      if (referenceFields(def).length) {
        for (let from = 0; ;) {
          const res = await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t where t.id > ${from} order by t.id limit ${BATCH}`.execute(tx);
          const rows = res.rows.map((r) => toRecord(def, r));
          await rewriteSearchDocs(tx, def, rows);
          rewritten += rows.length;
          if (rows.length < BATCH) break;
          from = Number(rows[rows.length - 1].id);
        }
      }
      const ms = performance.now() - started;
      if (ms > 1000) log(`Search texts of ${def.name} given their references in ${(ms / 1000).toFixed(1)} s`);
      await sql`insert into search_text_source (entity, source) values (${def.name}, ${searchTextSource(def)})
        on conflict (entity) do update set source = excluded.source`.execute(tx);
    }
  });
  // As after the sort keys: the embedded database has no autovacuum to clear the rewritten rows' dead copies.
  if (rewritten > VACUUM_AFTER_ROWS) await sql`vacuum (analyze) search_index`.execute(db);
}

import { sql } from 'kysely';
import type { EntityDef } from '../../src/registry';
import type { DB } from '../../src/server/db/connection';
import { ident } from '../../src/server/db/entity-table';
import { keyColumns } from '../../src/server/search/sort-key';

/** Search rows of the entity whose sort keys differ from their records' values (both null for an entity without a key). */
export async function staleSortKeys(db: DB, def: EntityDef): Promise<number> {
  const { text, num } = keyColumns(def, 't');
  const res = await sql<{ n: number }>`select count(*)::int as n from search_index s join ${sql.raw(ident(def.table))} t on t.id = s.record_id
    where s.entity = ${def.name} and (s.sort_text is distinct from ${text} or s.sort_num is distinct from ${num})`.execute(db);
  return res.rows[0].n;
}

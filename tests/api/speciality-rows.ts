import { sql } from 'kysely';
import { getEntity } from '../../src/registry';
import { selectList, toRecord } from '../../src/server/crud/columns';
import type { DB } from '../../src/server/db/connection';
import { docContains, searchDoc } from '../../src/server/search';
import { fillSortKeys } from '../../src/server/search/sort-key';

/**
 * Specialities stored as the bench's seed stores rows: many at once, each with its search row and its sort key, in
 * the order given (their ids follow it).
 */
export async function storeSpecialities(db: DB, names: string[]) {
  const def = getEntity('speciality');
  await sql`insert into speciality (name, description, sort_order, status)
    select n, 'bulk', 0, 'active' from unnest(${names}::text[]) with ordinality as x(n, i) order by i`.execute(db);
  const rows = (await sql<Record<string, unknown>>`select ${selectList(def)} from speciality t where t.name = any(${names}::text[])`.execute(db)).rows;
  const search = rows.map((row) => { const rec = toRecord(def, row); return { id: rec.id as number, ...searchDoc(def, rec) }; });
  await sql`insert into search_index (entity, record_id, title, subtitle, doc)
    select ${def.name}, * from unnest(${search.map((s) => s.id)}::int[], ${search.map((s) => s.title)}::text[], ${search.map((s) => s.subtitle)}::text[], ${search.map((s) => s.doc)}::text[])`.execute(db);
  await fillSortKeys(db, def, search.map((s) => s.id));
}

/**
 * The names of the first `limit` specialities matching `q` in name order, read from the search rows joined to the
 * records (not through the list): the page any way of the list search box must answer.
 */
export async function expectedSpecialityPage(db: DB, q: string, dir: 'asc' | 'desc', limit: number): Promise<string[]> {
  const rows = await sql<{ name: string }>`select t.name from speciality t join search_index s on s.entity = 'speciality' and s.record_id = t.id
    where ${docContains(q, sql`s.doc`)} order by t.name ${sql.raw(dir)}, t.id ${sql.raw(dir)} limit ${limit}`.execute(db);
  return rows.rows.map((r) => r.name);
}

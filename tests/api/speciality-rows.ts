import { sql } from 'kysely';
import { getEntity, type EntityDef } from '../../src/registry';
import { selectList, toRecord } from '../../src/server/records/columns';
import type { DB } from '../../src/server/db/connection';
import { ident } from '../../src/server/db/entity-table';
import { docContains, searchDoc } from '../../src/server/search';
import { fillSortKeys, sortKeyOf } from '../../src/server/search/sort-key';

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
 * The ids of the first `limit` records of an entity matching `q` in its default sort's column, ordered as the list
 * orders it (nulls last ascending, first descending, then the id), and how many match: read from the search rows
 * joined to the records (not through the list), the page any way of the list search box must answer.
 */
export async function expectedDefaultPage(db: DB, def: EntityDef, q: string, dir: 'asc' | 'desc', limit: number) {
  const column = sql.raw(`t.${ident(sortKeyOf(def)!.column)}`);
  const d = sql.raw(dir);
  const nulls = sql.raw(dir === 'asc' ? 'last' : 'first');
  const rows = await sql<{ id: number }>`select t.id from ${sql.raw(ident(def.table))} t join search_index s on s.entity = ${def.name} and s.record_id = t.id
    where ${docContains(q, sql`s.doc`)} order by ${column} ${d} nulls ${nulls}, t.id ${d}`.execute(db);
  return { ids: rows.rows.slice(0, limit).map((r) => Number(r.id)), total: rows.rows.length };
}

/** expectedDefaultPage for specialities (in name order), as their names. */
export async function expectedSpecialityPage(db: DB, q: string, dir: 'asc' | 'desc', limit: number): Promise<string[]> {
  const { ids } = await expectedDefaultPage(db, getEntity('speciality'), q, dir, limit);
  const names = await sql<{ id: number; name: string }>`select id, name from speciality where id = any(${ids}::int[])`.execute(db);
  const byId = new Map(names.rows.map((r) => [Number(r.id), r.name]));
  return ids.map((id) => byId.get(id)!);
}

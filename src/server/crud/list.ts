import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, ListQuery } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail } from '../http';
import { col, selectList, toRecord } from './columns';
import { attachLabels } from './labels';
import { likePattern } from '../search';

/** Counting stops here on large tables: the total is then flagged as an estimate. */
export const COUNT_CAP = 10_000;

function filterSql(def: EntityDef, field: string, value: string): RawBuilder<unknown> {
  const fd = def.fields[field];
  const c = sql.raw(col(def, field));
  const asInt = () => {
    const n = Number(value);
    if (!Number.isInteger(n)) throw fail(400, `Filter ${field} takes a whole number`, { field: `filter[${field}]`, code: 'invalid_filter' });
    return n;
  };
  switch (fd.kind) {
    case 'ref': case 'int': return sql`${c} = ${asInt()}`;
    case 'refs': return sql`${asInt()} = any(${c})`;
    case 'bool': return sql`${c} = ${value === 'true'}`;
    case 'enum':
      if (!fd.values!.includes(value)) throw fail(400, `Filter ${field} takes one of ${fd.values!.join(', ')}`, { field: `filter[${field}]`, code: 'invalid_filter' });
      return sql`${c} = ${value}`;
    case 'date': case 'datetime': case 'money': case 'decimal': return sql`${c} = ${value}`;
    default: return sql`${c} ilike ${likePattern(value)}`;
  }
}

/**
 * Keyset position after (v, id) in the order `col dir nulls (last if asc, first if desc), id dir`,
 * which is the order of the (col, id) index read forwards or backwards.
 */
function keysetSql(c: RawBuilder<unknown>, dir: 'asc' | 'desc', v: unknown, id: number): RawBuilder<unknown> {
  if (dir === 'asc') {
    return v === null ? sql`(${c} is null and t.id > ${id})` : sql`((${c}, t.id) > (${v}, ${id}) or ${c} is null)`;
  }
  return v === null ? sql`(${c} is null and t.id < ${id} or ${c} is not null)` : sql`(${c}, t.id) < (${v}, ${id})`;
}

export async function listRecords(db: DB, def: EntityDef, query: ListQuery, extraWhere: RawBuilder<unknown>[] = []) {
  const where: RawBuilder<unknown>[] = [...extraWhere];
  for (const [k, v] of Object.entries(query.filters)) where.push(filterSql(def, k, v));
  if (query.q) {
    where.push(sql`t.id in (select record_id from search_index where entity = ${def.name} and doc ilike ${likePattern(query.q)})`);
  }
  const filtered = [...where];
  const sortCol = sql.raw(col(def, query.sort.field));
  const dir = query.sort.dir;
  if (query.cursor) where.push(keysetSql(sortCol, dir, query.cursor[0], query.cursor[1]));
  const whereSql = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const order = dir === 'asc' ? sql`${sortCol} asc nulls last, t.id asc` : sql`${sortCol} desc nulls first, t.id desc`;
  const table = sql.raw(ident(def.table));
  const rows = await sql<Record<string, unknown>>`select ${selectList(def)} from ${table} t ${whereSql} order by ${order} limit ${query.limit + 1}`.execute(db);
  const page = rows.rows.slice(0, query.limit).map((r) => toRecord(def, r));
  const last = page[page.length - 1];
  const nextCursor = rows.rows.length > query.limit && last ? JSON.stringify([last[query.sort.field] ?? null, last.id]) : null;

  const filteredSql = filtered.length ? sql`where ${sql.join(filtered, sql` and `)}` : sql``;
  const counted = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${table} t ${filteredSql} limit ${COUNT_CAP + 1}) x`.execute(db);
  const n = Number(counted.rows[0]?.n ?? 0);
  await attachLabels(db, def, page);
  return { data: page, total: Math.min(n, COUNT_CAP), ...(n > COUNT_CAP ? { totalIsEstimate: true } : {}), nextCursor };
}

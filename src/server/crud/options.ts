import { sql } from 'kysely';
import { subtitleOf, titleOf, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { likePattern } from '../search';
import { col, selectList } from './columns';

export interface Option { id: number; title: string; subtitle: string }

/** Ids and titles only, for reference pickers: by typed text (through the search table) or by ids (labels of chosen values). */
export async function listOptions(db: DB, def: EntityDef, opts: { q?: string; ids?: number[]; limit: number }): Promise<Option[]> {
  const where = opts.ids
    ? sql`t.id = any(${opts.ids}::int[])`
    : opts.q
      ? sql`t.id in (select record_id from search_index where entity = ${def.name} and doc ilike ${likePattern(opts.q)})`
      : sql`true`;
  const sort = sql.raw(col(def, def.defaultSort.field));
  const order = def.defaultSort.dir === 'asc' ? sql`${sort} asc nulls last, t.id asc` : sql`${sort} desc nulls first, t.id desc`;
  const rows = await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t where ${where} order by ${order} limit ${opts.limit}`.execute(db);
  return rows.rows.map((r) => ({ id: Number(r.id), title: titleOf(def, r) || `#${r.id}`, subtitle: subtitleOf(def, r) }));
}

import { sql } from 'kysely';
import { subtitleOf, titleOf, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { selectList } from './columns';
import { orderBy, pageRows, textSearch } from './list';

export interface Option { id: number; title: string; subtitle: string }

/**
 * Ids and titles only, for reference pickers: by ids (labels of chosen values), or by typed text in the
 * entity's default order, found the way the list's search box finds it (so a common term on a large table
 * reads a page in list order instead of every match).
 */
export async function listOptions(db: DB, def: EntityDef, opts: { q?: string; ids?: number[]; limit: number }): Promise<Option[]> {
  const order = orderBy(def, def.defaultSort);
  let rows: Record<string, unknown>[];
  if (opts.ids) {
    rows = (await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t where t.id = any(${opts.ids}::int[]) order by ${order} limit ${opts.limit}`.execute(db)).rows;
  } else {
    rows = await pageRows(db, def, [], order, opts.limit, opts.q ? await textSearch(db, def, opts.q) : null);
  }
  return rows.map((r) => ({ id: Number(r.id), title: titleOf(def, r) || `#${r.id}`, subtitle: subtitleOf(def, r) }));
}

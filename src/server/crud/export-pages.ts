import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, SortDir } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { col, selectList } from '../records/columns';
import { keysetRanges, orderBy, selectPage, whereOf } from '../search';

/** Rows read per query, at most (crud/export.ts). */
export const EXPORT_PAGE = 500;
/**
 * Rows looked at per query, at most, when a search term's matches are checked row by row: one query never walks the
 * table further than this, however rare the term (the embedded database blocks everyone while a query runs).
 */
export const EXPORT_WALK = 5_000;

type Row = Record<string, unknown>;

/**
 * Reads the rows matching `where` in the list's order (`sort`, then id), a page at a time, each page after the last
 * row read (keyset, through the index ranges of search/list-order.ts keysetRanges). `rowMatch`: a per-row condition read
 * while walking (a search term with more matches than the list gathers by id); the walk then moves on by
 * EXPORT_WALK rows at most per query, and a page may hold fewer rows, or none, before the end.
 */
export function pageReader(db: DB, def: EntityDef, where: RawBuilder<unknown>[], sort: { field: string; dir: SortDir }, rowMatch: RawBuilder<unknown> | null) {
  const table = sql.raw(ident(def.table));
  const sortCol = sql.raw(col(def, sort.field));
  const order = orderBy(def, sort);
  let cursor: [unknown, number] | null = null;

  /** The rows of one range after the cursor: those read, the last row walked (the next cursor), and whether the range is over. */
  async function readRange(range: RawBuilder<unknown> | null, need: number): Promise<{ rows: Row[]; last: Row | undefined; over: boolean }> {
    const scope = range ? [...where, range] : where;
    const w = whereOf(scope);
    if (!rowMatch) {
      const rows = (await selectPage(db, def, scope, order, need)).rows;
      return { rows, last: rows[rows.length - 1], over: rows.length < need };
    }
    // The walked rows that match, and the last walked row whether it matches or not (it is where the next walk starts).
    const walked = (await sql<Row>`select * from (
        select ${selectList(def)}, ${rowMatch} as "__match", row_number() over (order by ${order}) as "__n", count(*) over () as "__walked"
        from (select t.* from ${table} t ${w} order by ${order} limit ${EXPORT_WALK}) t
      ) x where "__match" or "__n" = "__walked" order by "__n"`.execute(db)).rows;
    const walkedCount = Number(walked[0]?.__walked ?? 0);
    const matches = walked.filter((r) => r.__match);
    for (const r of walked) { delete r.__match; delete r.__n; delete r.__walked; }
    // More matches than the page takes: the next walk starts after the last one kept, and walks its rest again.
    if (matches.length > need) return { rows: matches.slice(0, need), last: matches[need - 1], over: false };
    return { rows: matches, last: walked[walked.length - 1], over: walkedCount < EXPORT_WALK };
  }

  return {
    /** The next page (maybe empty before the end, when a walk found no match), and whether the rows are all read. */
    async next(): Promise<{ rows: Row[]; done: boolean }> {
      const ranges = cursor ? keysetRanges(sortCol, sort.dir, cursor[0], cursor[1]) : [null];
      const rows: Row[] = [];
      for (const range of ranges) {
        const got = await readRange(range, EXPORT_PAGE - rows.length);
        rows.push(...got.rows);
        if (got.last) cursor = [got.last[sort.field] ?? null, Number(got.last.id)];
        // More of this range is left: the next page carries on in it.
        if (!got.over) return { rows, done: false };
        if (rows.length >= EXPORT_PAGE) return { rows, done: false };
      }
      return { rows, done: true };
    },
  };
}

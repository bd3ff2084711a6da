import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../registry';
import { col, selectList } from '../records/columns';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { MATCH_COUNT_CAP } from './caps';
import { ALONE, choose, type Way } from './choose';
import { COST, LIST_HEAD_RECORDS, LIST_WALK_RECORDS } from './cost';
import { docContains, docMatches, hasTrigram, matchingIds } from './text';

/**
 * A page in list order, read from the entity's own table through the list's index: the list's later pages, its first
 * page in any order but the default sort's field or under a filter or a centre's scope, and the pickers' pages.
 */

export const whereOf = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** The rows of `table` that `where` selects, counted up to `cap` + 1 (a count that stops), as a subquery. */
export const cappedCount = (table: string, where: RawBuilder<unknown>[], cap: number) =>
  sql<number>`(select count(*)::int from (select 1 from ${sql.raw(ident(table))} t ${whereOf(where)} limit ${cap + 1}) x)`;

/** Up to `limit` rows of `def` matching `where`, in `order`: a list's page. `also`: more columns (`expr as "name"`). */
export function selectPage(db: DB, def: EntityDef, where: RawBuilder<unknown>[], order: RawBuilder<unknown>, limit: number, also?: RawBuilder<unknown>) {
  return sql<Record<string, unknown>>`select ${selectList(def)}${also ? sql`, ${also}` : sql``} from ${sql.raw(ident(def.table))} t ${whereOf(where)} order by ${order} limit ${limit}`.execute(db);
}

/** `col dir, id dir`, nulls where the (col, id) index puts them. */
export function orderBy(def: EntityDef, sort: { field: string; dir: 'asc' | 'desc' }): RawBuilder<unknown> {
  const c = sql.raw(col(def, sort.field));
  return sort.dir === 'asc' ? sql`${c} asc nulls last, t.id asc` : sql`${c} desc nulls first, t.id desc`;
}

/**
 * The rows after the keyset position (v, id) in the order `col dir nulls (last if asc, first if desc), id dir`
 * (the (col, id) index read forwards or backwards), as ranges that follow one another in that order. After a
 * value of a nullable column come the rest of the values and then the nulls; after a null, the rest of the
 * nulls and then the values. Each range is one index range scan: an OR of the two made PostgreSQL read
 * and sort every row after the cursor.
 */
export function keysetRanges(c: RawBuilder<unknown>, dir: 'asc' | 'desc', v: unknown, id: number): RawBuilder<unknown>[] {
  if (dir === 'asc') {
    return v === null ? [sql`${c} is null and t.id > ${id}`] : [sql`(${c}, t.id) > (${v}, ${id})`, sql`${c} is null`];
  }
  return v === null ? [sql`${c} is null and t.id < ${id}`, sql`${c} is not null`] : [sql`(${c}, t.id) < (${v}, ${id})`];
}

/**
 * How `q` narrows a list. Up to MATCH_COUNT_CAP matches: their ids, fetched once through the trigram index, so
 * that a page is an id lookup whose size the planner knows (it does not walk the sort index probing every
 * row for a rare term) and the count is already known. More: `ids` is null, and a page is found by the
 * per-row check `rowMatches` or among `allMatches` (LIST_ORDER_WAYS).
 */
export interface TextSearch {
  ids: number[] | null; rowMatches: RawBuilder<unknown>; allMatches: RawBuilder<unknown>; semiJoin: RawBuilder<unknown>;
  /** The matches among the first LIST_HEAD_RECORDS records in list order, when already read for this page (withHead). */
  head: Record<string, unknown>[] | null;
}

export async function textSearch(db: DB, def: EntityDef, q: string): Promise<TextSearch> {
  const ids = await matchingIds(db, def.name, q, MATCH_COUNT_CAP);
  const matching = sql`select record_id from search_index where entity = ${def.name} and ${docContains(q)}`;
  return { ids, head: null, rowMatches: rowMatchesOf(def, q), allMatches: sql`t.id = any(array(${matching}))`, semiJoin: sql`t.id in (${matching})` };
}

/** "Row t's search text contains q", checked row by row (its search row looked up by id). */
const rowMatchesOf = (def: EntityDef, q: string) => sql`(select ${docMatches(q, sql`s.doc`)} from search_index s where s.entity = ${def.name} and s.record_id = t.id)`;

/** Up to `need` rows among the first `rows` of `scope` in list order that match the search, each checked. */
async function walkRows(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, rowMatches: RawBuilder<unknown>, rows: number) {
  const table = sql.raw(ident(def.table));
  return (await sql<Record<string, unknown>>`select ${selectList(def)} from (select t.* from ${table} t ${whereOf(scope)} order by ${order} limit ${rows}) t
    where ${rowMatches} order by ${order} limit ${need}`.execute(db)).rows;
}

/**
 * For a term too short for trigrams (one or two letters, `12:3`): its matches among the first LIST_HEAD_RECORDS
 * records of `scope` in list order, up to `need`; for a longer term, null. The trigram index answers such a term by
 * reading the entries of every word that starts with its first letter, whether it matches ten rows or all of them,
 * while a term that common fills a page from the first rows in list order. A rarer one has cost nothing more: the
 * page reads the same head first (withHead).
 */
export async function shortTermHead(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, q: string) {
  return hasTrigram(q) ? null : headMatches(db, def, scope, order, need, q);
}

/** The matches of `q` among the first LIST_HEAD_RECORDS records of `scope` in list order, up to `need`, each checked through its search row. */
export function headMatches(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, q: string) {
  return walkRows(db, def, scope, order, need, rowMatchesOf(def, q), LIST_HEAD_RECORDS);
}

/** The search, with the head shortTermHead read for the same scope and page size, so that the page need not read it again. */
export const withHead = (search: TextSearch, head: Record<string, unknown>[] | null): TextSearch => ({ ...search, head });

/** A page in list order to find: up to `need` rows of `scope` (and of the search) in `order`. */
interface PageAsk {
  db: DB; def: EntityDef; scope: RawBuilder<unknown>[]; order: RawBuilder<unknown>; need: number; search: TextSearch | null;
  /** The matches among the first LIST_HEAD_RECORDS records, read when first asked for. */
  head(): Promise<Record<string, unknown>[]>;
}

type Rows = Record<string, unknown>[];

export type ListOrderWayName = 'rows' | 'by-ids' | 'list-head' | 'list-walk' | 'list-gather';

const common = (ask: PageAsk) => ask.search !== null && ask.search.ids === null;
const select = (ask: PageAsk, more: RawBuilder<unknown>[]) => selectPage(ask.db, ask.def, [...ask.scope, ...more], ask.order, ask.need);

/**
 * The ways to a page in list order. A term with more than MATCH_COUNT_CAP matches usually fills a page within the first
 * few hundred rows in list order, so those are read first, checking each (list-head), then LIST_WALK_RECORDS if the
 * head's rate of matches would fill a page there (list-walk). Otherwise (the term is rarer there, e.g. a year in a
 * list sorted by date) the page comes from all the matches, gathered through the trigram index and sorted.
 */
export const LIST_ORDER_WAYS: readonly Way<ListOrderWayName, PageAsk, Rows>[] = [
  {
    name: 'rows', // no search: the list's rows
    applies: (ask) => ask.search === null,
    estimate: ALONE,
    run: async (ask) => (await select(ask, [])).rows,
  },
  {
    name: 'by-ids', // the term's matches are known by id (at most MATCH_COUNT_CAP)
    applies: (ask) => ask.search !== null && ask.search.ids !== null,
    estimate: ALONE,
    run: async (ask) => (await select(ask, [sql`t.id = any(${ask.search!.ids}::int[])`])).rows,
  },
  {
    name: 'list-head',
    applies: async (ask) => common(ask) && (await ask.head()).length >= ask.need,
    estimate: ALONE,
    run: (ask) => ask.head(),
  },
  {
    name: 'list-walk',
    applies: async (ask) => {
      if (!common(ask)) return false;
      const head = (await ask.head()).length;
      return head < ask.need && head * (LIST_WALK_RECORDS / LIST_HEAD_RECORDS) >= ask.need;
    },
    estimate: () => LIST_WALK_RECORDS * COST.listedRecord,
    run: async (ask) => {
      const walked = await walkRows(ask.db, ask.def, ask.scope, ask.order, ask.need, ask.search!.rowMatches, LIST_WALK_RECORDS);
      return walked.length >= ask.need ? walked : null;
    },
  },
  {
    name: 'list-gather', // more than MATCH_COUNT_CAP matches, how many more nothing here tells
    applies: async (ask) => common(ask) && (await ask.head()).length < ask.need,
    estimate: () => Infinity,
    run: async (ask) => (await select(ask, [ask.search!.allMatches])).rows,
  },
];

/** Up to `need` rows of `scope` (and of the search) in list order, and the way that found them. */
export async function pageInListOrder(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, search: TextSearch | null) {
  let head: Promise<Rows> | undefined;
  const ask: PageAsk = {
    db, def, scope, order, need, search,
    head: () => (head ??= search && search.head !== null ? Promise.resolve(search.head) : walkRows(db, def, scope, order, need, search!.rowMatches, LIST_HEAD_RECORDS)),
  };
  const chosen = await choose(LIST_ORDER_WAYS, ask);
  return { rows: chosen.answer, way: chosen.name, declined: chosen.declined };
}

import { sql, type RawBuilder } from 'kysely';
import { MAX_ID, parseRange, shownKind, type EntityDef, type ListQuery } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail } from '../http';
import { col, selectList, toRecord } from './columns';
import { attachLabels } from './labels';
import { docContains, docMatches, hasTrigram, likePattern, matchingIds, SEARCH_COUNT_CAP } from '../search';
import { commonInEntity, keyedFirstPage } from './keyed-search';

/** Counting stops here on large tables: the total is then flagged as an estimate (SEARCH_COUNT_CAP with `q`). */
export const COUNT_CAP = 10_000;

const RANGE_KINDS = new Set(['date', 'datetime', 'money', 'decimal', 'int']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `from..to` on a date, time or number field: both ends checked, a date-only end of a timestamp covers its whole day. */
function rangeSql(def: EntityDef, field: string, c: RawBuilder<unknown>, range: { from?: string; to?: string }): RawBuilder<unknown> {
  const kind = shownKind(def.fields[field]);
  const bad = () => fail(400, `Filter ${field} takes a range like 2026-01-01..2026-01-31`, { field: `filter[${field}]`, code: 'invalid_filter' });
  const check = (v: string | undefined) => {
    if (v === undefined) return;
    if (kind === 'date' && !DATE.test(v)) throw bad();
    if (kind === 'datetime' && (!(DATE.test(v) || /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(v)) || Number.isNaN(Date.parse(v)))) throw bad();
    if (!['date', 'datetime'].includes(kind) && !Number.isFinite(Number(v))) throw bad();
  };
  check(range.from);
  check(range.to);
  const parts: RawBuilder<unknown>[] = [];
  const typed = (v: string) => (kind === 'datetime' ? sql`${v}::timestamptz` : kind === 'date' ? sql`${v}::date` : sql`${Number(v)}`);
  if (range.from) parts.push(sql`${c} >= ${typed(range.from)}`);
  if (range.to) parts.push(kind === 'datetime' && DATE.test(range.to) ? sql`${c} < ${range.to}::date + 1` : sql`${c} <= ${typed(range.to)}`);
  return sql.join(parts, sql` and `);
}

export function filterSql(def: EntityDef, field: string, value: string): RawBuilder<unknown> {
  const fd = def.fields[field];
  const c = sql.raw(col(def, field));
  const range = RANGE_KINDS.has(shownKind(fd)) ? parseRange(value) : null;
  if (range) return rangeSql(def, field, c, range);
  const asInt = () => {
    const n = Number(value);
    if (!Number.isInteger(n) || Math.abs(n) > MAX_ID) throw fail(400, `Filter ${field} takes a whole number`, { field: `filter[${field}]`, code: 'invalid_filter' });
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
 * How `q` narrows a list. Up to SEARCH_COUNT_CAP matches: their ids, fetched once through the trigram index, so
 * that a page is an id lookup whose size the planner knows (it no longer walks the sort index probing every
 * row for a rare term) and the count is already known. More: `ids` is null, and a page is found by the
 * per-row check `rowMatches` or among `allMatches` (see pageRows).
 */
export interface TextSearch {
  ids: number[] | null; rowMatches: RawBuilder<unknown>; allMatches: RawBuilder<unknown>; semiJoin: RawBuilder<unknown>;
  /** The matches among the first HEAD_ROWS rows in list order, when already read for this page (withHead). */
  head: Record<string, unknown>[] | null;
}

export async function textSearch(db: DB, def: EntityDef, q: string): Promise<TextSearch> {
  const ids = await matchingIds(db, def.name, q, SEARCH_COUNT_CAP);
  const matching = sql`select record_id from search_index where entity = ${def.name} and ${docContains(q)}`;
  return { ids, head: null, rowMatches: rowMatchesOf(def, q), allMatches: sql`t.id = any(array(${matching}))`, semiJoin: sql`t.id in (${matching})` };
}

/** "Row t's search text contains q", checked row by row (its search row looked up by id). */
const rowMatchesOf = (def: EntityDef, q: string) => sql`(select ${docMatches(q, sql`s.doc`)} from search_index s where s.entity = ${def.name} and s.record_id = t.id)`;

/** Up to `limit` rows of `def` matching `where`, in `order`: a list's page. `also`: more columns (`expr as "name"`). */
export function selectPage(db: DB, def: EntityDef, where: RawBuilder<unknown>[], order: RawBuilder<unknown>, limit: number, also?: RawBuilder<unknown>) {
  return sql<Record<string, unknown>>`select ${selectList(def)}${also ? sql`, ${also}` : sql``} from ${sql.raw(ident(def.table))} t ${whereOf(where)} order by ${order} limit ${limit}`.execute(db);
}

/** Rows read in list order, at most, looking for a page of a common term before gathering all its matches. */
const WALK_ROWS = 2_000;

export const whereOf = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

/** Up to `need` rows among the first `rows` of `scope` in list order that match the search, each checked. */
async function walkRows(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, rowMatches: RawBuilder<unknown>, rows: number) {
  const table = sql.raw(ident(def.table));
  return (await sql<Record<string, unknown>>`select ${selectList(def)} from (select t.* from ${table} t ${whereOf(scope)} order by ${order} limit ${rows}) t
    where ${rowMatches} order by ${order} limit ${need}`.execute(db)).rows;
}

/** Rows read in list order first (a term common there fills a page from them), before any longer walk. */
const HEAD_ROWS = 500;

/**
 * Up to `need` rows of `scope` (and of the search) in list order. A term with more than SEARCH_COUNT_CAP matches
 * usually fills a page within the first few hundred rows in list order, so those are read first, checking each:
 * HEAD_ROWS, then WALK_ROWS if the head's rate of matches would fill a page there (a walk that fails costs 12–15 ms
 * at 1.2M rows). Otherwise (the term is rarer there, e.g. a year in a list sorted by date) the page comes from all
 * the matches, gathered through the trigram index and sorted.
 */
export async function pageRows(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, search: TextSearch | null) {
  const select = (where: RawBuilder<unknown>[]) => selectPage(db, def, where, order, need);
  if (!search) return (await select(scope)).rows;
  if (search.ids) return (await select([...scope, sql`t.id = any(${search.ids}::int[])`])).rows;
  const head = search.head ?? (await walkRows(db, def, scope, order, need, search.rowMatches, HEAD_ROWS));
  if (head.length >= need) return head;
  if (head.length * (WALK_ROWS / HEAD_ROWS) >= need) {
    const walked = await walkRows(db, def, scope, order, need, search.rowMatches, WALK_ROWS);
    if (walked.length >= need) return walked;
  }
  return (await select([...scope, search.allMatches])).rows;
}

/**
 * For a term too short for trigrams (one or two letters, `12:3`): its matches among the first HEAD_ROWS rows of
 * `scope` in list order, up to `need`; for a longer term, null. The trigram index answers such a term by reading
 * the entries of every word that starts with its first letter, whether it matches ten rows or all of them (two
 * letters on 316,000 membership cards: 22 ms before the first row), while a term that common fills a page from the
 * first rows in list order. A rarer one has cost nothing more: pageRows reads the same head first (withHead).
 */
export async function shortTermHead(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, q: string) {
  return hasTrigram(q) ? null : walkRows(db, def, scope, order, need, rowMatchesOf(def, q), HEAD_ROWS);
}

/** The search, with the head shortTermHead read for the same scope and page size, so that pageRows need not read it again. */
export const withHead = (search: TextSearch, head: Record<string, unknown>[] | null): TextSearch => ({ ...search, head });

/** `col dir, id dir`, nulls where the (col, id) index puts them. */
export function orderBy(def: EntityDef, sort: { field: string; dir: 'asc' | 'desc' }): RawBuilder<unknown> {
  const c = sql.raw(col(def, sort.field));
  return sort.dir === 'asc' ? sql`${c} asc nulls last, t.id asc` : sql`${c} desc nulls first, t.id desc`;
}

export async function listRecords(db: DB, def: EntityDef, query: ListQuery, extraWhere: RawBuilder<unknown>[] = []) {
  const where: RawBuilder<unknown>[] = [...extraWhere];
  for (const [k, v] of Object.entries(query.filters)) where.push(filterSql(def, k, v));
  const order = orderBy(def, query.sort);
  let head: Record<string, unknown>[] | null = null;
  if (query.q && !query.cursor && !where.length) {
    // The first page in the default sort's field: read from the search rows in list order (crud/keyed-search.ts).
    const keyed = await keyedFirstPage(db, def, query, query.q);
    if (keyed) {
      const rows = keyed.ids.length ? (await selectPage(db, def, [sql`t.id = any(${keyed.ids}::int[])`], order, query.limit + 1)).rows : [];
      return answer(db, def, query, rows, keyed.n, SEARCH_COUNT_CAP);
    }
    // In another sort, the first page of a term too short for trigrams, and common: its page and "more than
    // SEARCH_COUNT_CAP" are both read from the first rows (shortTermHead, commonInEntity), the trigram index not asked.
    head = await shortTermHead(db, def, [], order, query.limit + 1, query.q);
    if (head && head.length > query.limit && (await commonInEntity(db, def, query.q))) return answer(db, def, query, head, SEARCH_COUNT_CAP + 1, SEARCH_COUNT_CAP);
  }
  const search = query.q ? withHead(await textSearch(db, def, query.q), head) : null;
  const sortCol = sql.raw(col(def, query.sort.field));
  const dir = query.sort.dir;

  // With `q` alone the matches are the count (each record has exactly one search row, written with it).
  const cap = search ? SEARCH_COUNT_CAP : COUNT_CAP;
  const known = search && !where.length ? (search.ids ? search.ids.length : cap + 1) : null;
  const text = search ? [search.ids ? sql`t.id = any(${search.ids}::int[])` : search.semiJoin] : [];
  const countSql = sql<number>`(select count(*)::int from (select 1 from ${sql.raw(ident(def.table))} t ${whereOf([...where, ...text])} limit ${cap + 1}) x)`;

  let rows: Record<string, unknown>[] = [];
  let n: number | null = known;
  if (!query.cursor && n === null && (!search || search.ids)) {
    // The first page and its count in one statement (the count an uncorrelated subquery, run once): a round trip
    // less on the page every list opens with. No row means no match at all, so the count is then 0.
    const found = await selectPage(db, def, [...where, ...text], order, query.limit + 1, sql`${countSql} as "__total"`);
    n = Number(found.rows[0]?.__total ?? 0);
    rows = found.rows.map(({ __total: _total, ...row }) => row);
  } else {
    const ranges = query.cursor ? keysetRanges(sortCol, dir, query.cursor[0], query.cursor[1]) : [null];
    for (const range of ranges) {
      rows.push(...(await pageRows(db, def, range ? [...where, range] : where, order, query.limit + 1 - rows.length, search)));
      if (rows.length > query.limit) break;
    }
  }
  if (n === null) n = Number((await sql<{ n: number }>`select ${countSql} as n`.execute(db)).rows[0]?.n ?? 0);
  return answer(db, def, query, rows, n, cap);
}

/** A list's answer: `rows` (up to limit + 1, the one past the page telling that there is a next), `n` counted up to `cap`. */
async function answer(db: DB, def: EntityDef, query: ListQuery, rows: Record<string, unknown>[], n: number, cap: number) {
  const page = rows.slice(0, query.limit).map((r) => toRecord(def, r));
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? JSON.stringify([last[query.sort.field] ?? null, last.id]) : null;
  await attachLabels(db, def, page);
  return { data: page, total: Math.min(n, cap), ...(n > cap ? { totalIsEstimate: true } : {}), nextCursor };
}

import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, ListQuery } from '../../registry';
import type { DB } from '../db/connection';
import { MATCH_COUNT_CAP } from './caps';
import { COUNT_BY_ID_SEARCH_ROWS, SAMPLE_SEARCH_ROWS, type Sample } from './cost';
import { sortKeyOf } from './sort-key';
import { byWordStarts, docContains, docMatches, lookalikeStarts, wordStartsMatch } from './text';

/**
 * The statements the ways run on the search rows (`search_index`, `search_starts`): in key order, the list's own order
 * when the list is in its default sort's field (sort-key.ts), and by id, an even sample of the entity.
 */

/** The search rows' order that is the list's (`col dir nulls …, id dir`), when the list is in its default sort's field. */
export function keyOrder(def: EntityDef, sort: ListQuery['sort']): RawBuilder<unknown> | null {
  if (sort.field !== def.defaultSort.field || !sortKeyOf(def)) return null;
  return sort.dir === 'asc'
    ? sql`sort_text asc nulls last, sort_num asc nulls last, record_id asc`
    : sql`sort_text desc nulls first, sort_num desc nulls first, record_id desc`;
}

/** keyOrder in `search_starts`, whose key has no nulls (migration 0013): the same order. */
const startsOrder = (sort: ListQuery['sort']) => (sort.dir === 'asc'
  ? sql`text_null asc, text_key asc, num_null asc, num_key asc, record_id asc`
  : sql`text_null desc, text_key desc, num_null desc, num_key desc, record_id desc`);

/**
 * The first `need` records of the entity whose words start with `pair` (startPair), in list order, and how many there
 * are up to the cap: two ranges of one index (migration 0013), read alone, a page or two for the page and about ten for
 * a count of 1,000, wherever the matches lie in the list and whatever the page cache holds.
 */
export async function fromStarts(db: DB, def: EntityDef, pair: string, sort: ListQuery['sort'], need: number) {
  const res = await sql<{ n: number; ids: number[] }>`select
    (select count(*)::int from (select 1 from search_starts where entity = ${def.name} and start = ${pair} limit ${MATCH_COUNT_CAP + 1}) x) as n,
    array(select record_id from search_starts where entity = ${def.name} and start = ${pair} order by ${startsOrder(sort)} limit ${need}) as ids`.execute(db);
  const row = res.rows[0];
  return { ids: (row?.ids ?? []).map(Number), n: Number(row?.n ?? 0) };
}

/** A walk's matches in list order (`ids`); `exact` when the walk saw every search row of the entity. */
export interface Walked { ids: number[]; exact?: number }

/**
 * The first `rows` search rows of the entity in list order, with what `q` is checked on: for a term of one or two
 * letters their words' starts, which the index of that order holds (migration 0011), so that the walk reads the index
 * alone, about eleven pages a thousand rows, where reading each row's text reads a page a row; else their text.
 */
const keyWindow = (def: EntityDef, q: string, order: RawBuilder<unknown>, rows: number) => sql`select ${byWordStarts(q) ? sql`entity, record_id, word_starts` : sql`record_id, doc`}
  from search_index where entity = ${def.name} order by ${order} limit ${rows}`;

/** Whether the row of keyWindow under `w` matches `q`. */
const windowMatches = (q: string) => (byWordStarts(q) ? wordStartsMatch(q, 'w', 'looked up') : docMatches(q, sql`w.doc`));

/** Whether a search row read from the table under `s` (with its text) matches `q`: by its words' starts when they tell. */
const rowMatches = (q: string) => (byWordStarts(q) ? wordStartsMatch(q, 's', 'at hand') : docMatches(q, sql`s.doc`));

/** Up to `need` matching record ids among the first `rows` search rows in list order. */
export async function walk(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number, rows: number): Promise<Walked> {
  const res = await sql<{ id: number }>`select w.record_id as id from (${keyWindow(def, q, order, rows)}) w where ${windowMatches(q)} limit ${need}`.execute(db);
  return { ids: res.rows.map((r) => Number(r.id)) };
}

/**
 * walk, reading all `rows` rows and counting: when the entity has fewer search rows than that, they were all seen, and
 * the page and the exact count are known from this one statement (`exact`).
 */
export async function walkAll(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number, rows: number): Promise<Walked> {
  const res = await sql<{ id: number | null; pos: number | null; seen: number; matched: number }>`with
      w as materialized (select x.*, row_number() over () as pos from (${keyWindow(def, q, order, rows)}) x),
      m as materialized (select record_id, pos from w where ${windowMatches(q)})
    select p.record_id as id, p.pos, s.seen, c.matched from (select count(*)::int as seen from w) s
      cross join (select count(*)::int as matched from m) c
      left join lateral (select record_id, pos from m order by pos limit ${need}) p on true order by p.pos`.execute(db);
  const hits = res.rows.filter((r) => r.id !== null);
  const { seen, matched } = res.rows[0];
  return { ids: hits.map((r) => Number(r.id)), ...(seen < rows ? { exact: matched } : {}) };
}

/**
 * The first `need` of every match in list order, and how many there are: the trigram index, then a sort of the
 * matches' keys (no record read) and a count, each reading the matches once gathered (a count over the sorted rows,
 * `count(*) over ()`, measured slower). A term of one or two letters is looked up as docMatches's two LIKEs rather than
 * docContains's expression: the index is read twice, but each row it brings is checked for less (counted up to the
 * cap, where fewer rows are checked, the expression stays faster: matchCount).
 */
export async function allMatches(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number) {
  const res = await sql<{ n: number; ids: number[] }>`with m as materialized (select record_id, sort_text, sort_num from search_index
    where entity = ${def.name} and ${byWordStarts(q) ? docMatches(q) : docContains(q)})
    select (select count(*)::int from m) as n, array(select record_id from m order by ${order} limit ${need}) as ids`.execute(db);
  const row = res.rows[0];
  return { ids: (row?.ids ?? []).map(Number), n: Number(row?.n ?? 0) };
}

/** The entity's first `rows` search rows by id: one range of the primary key, no trigram read. */
const firstById = (def: EntityDef, rows: number) => sql`(select doc, word_starts from search_index where entity = ${def.name} order by record_id limit ${rows})`;

/**
 * The sample of a term: its matches and lookalikes among the first SAMPLE_SEARCH_ROWS by id, in one reading. The match
 * is checked twice per row rather than once in a subquery, which measured slower.
 */
export async function sampleById(db: DB, def: EntityDef, q: string): Promise<Sample> {
  const look = lookalikeStarts(q);
  const res = await sql<{ matches: number; lookalikes: number }>`select count(*) filter (where ${rowMatches(q)})::int as matches,
    ${look ? sql`count(*) filter (where ${look} and not ${rowMatches(q)})::int` : sql`0`} as lookalikes from ${firstById(def, SAMPLE_SEARCH_ROWS)} s`.execute(db);
  return { matches: Number(res.rows[0]?.matches ?? 0), lookalikes: Number(res.rows[0]?.lookalikes ?? 0) };
}

/** Matches of `q` among the first `rows` search rows by id, up to `cap`. */
export async function countByIdHead(db: DB, def: EntityDef, q: string, rows: number, cap: number): Promise<number> {
  const res = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${firstById(def, rows)} s where ${rowMatches(q)} limit ${cap}) x`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Whether the first COUNT_BY_ID_SEARCH_ROWS search rows by id hold more than MATCH_COUNT_CAP matches of `q` (false: they do not). */
export const pastCapById = async (db: DB, def: EntityDef, q: string) => (await countByIdHead(db, def, q, COUNT_BY_ID_SEARCH_ROWS, MATCH_COUNT_CAP + 1)) > MATCH_COUNT_CAP;

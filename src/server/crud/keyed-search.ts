import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, ListQuery } from '../../registry';
import type { DB } from '../db/connection';
import { byWordStarts, docContains, docMatches, hasTrigram, lookalikeStarts, matchCount, SEARCH_COUNT_CAP, startPair, wordStartsMatch } from '../search';
import { sortKeyOf } from '../search/sort-key';

/**
 * The first page of the list search box in the entity's default order (no filter, no cursor), read from the search
 * rows in that order (their sort keys, search/sort-key.ts) rather than from the list: a search row read in key order
 * and checked costs ~1.2 µs at 1.2M rows where a list row whose search row is looked up costs ~5 µs, and gathering all
 * of a term's matches no longer visits each one's record to sort it. Other sorts, filters and later pages go through
 * crud/list.ts's paths as before.
 */

/**
 * Search rows read in list order first, looking for a page: ~0.6 µs each at 1.2M rows when their pages are cached,
 * ~1.1 µs when read for the first time (in key order they lie all over the table); ~0.35–0.45 µs for a term of one or
 * two letters, checked on the index alone (keyWindow).
 */
const WALK_ROWS = 1_000;

/**
 * How far a longer walk goes at most (it stops at its page), taken when the first walk's rate of matches puts the page
 * within two thirds of it and walking there should cost less than gathering every match (cheaperToWalk): a term common
 * across the list but clustered later in its order (patients "na": first names all along, surnames at N, 13,400
 * matches) has its page a few thousand rows in, while gathering its matches costs ~20 ms; "pa" (9,800) has it ~9,000
 * rows in, ~12 ms away, against ~15 ms to gather. The whole walk costs 15–30 ms: taken when the page should lie within
 * two thirds of it, it rarely falls short.
 */
const LONG_WALK_ROWS = 24_000;

/**
 * LONG_WALK_ROWS for a term of one or two letters, checked on the index alone (keyWindow): about as long to walk
 * (~15 ms), so that a page ~20,000 rows in (patients "mu", "po": 30,600 and 28,700) is walked to rather than gathered.
 * Measured on two letters, which since migration 0013 read their words' starts instead (fromStarts): the walks are
 * now for one letter, and a term that lower-cases to more letters than it has.
 */
const LONG_WALK_STARTS = 40_000;

/** Search rows read by id and checked, at most, to tell that a term has more than SEARCH_COUNT_CAP matches. */
const COUNT_WALK_ROWS = 30_000;

/**
 * The count walk is taken only when the first rows by id say it should reach the cap this much before its end: one that
 * falls short is wasted (~15 ms) before the trigram index is asked.
 */
const COUNT_MARGIN = 1.3;

/** The first search rows by id, counted to guess a term's matches in the entity (an even sample of it: see Sample). */
const PROBE_ROWS = 1_000;

/** The search rows' order that is the list's (`col dir nulls …, id dir`), when the list is in its default sort's field. */
function keyOrder(def: EntityDef, sort: ListQuery['sort']): RawBuilder<unknown> | null {
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
 * are up to the cap: two ranges of one index (migration 0013), read alone, a page or two for the page and ~10 for a
 * count of 1,000, wherever the matches lie in the list and whatever the page cache holds.
 */
async function fromStarts(db: DB, def: EntityDef, pair: string, sort: ListQuery['sort'], need: number) {
  const res = await sql<{ n: number; ids: number[] }>`select
    (select count(*)::int from (select 1 from search_starts where entity = ${def.name} and start = ${pair} limit ${SEARCH_COUNT_CAP + 1}) x) as n,
    array(select record_id from search_starts where entity = ${def.name} and start = ${pair} order by ${startsOrder(sort)} limit ${need}) as ids`.execute(db);
  const row = res.rows[0];
  return { ids: (row?.ids ?? []).map(Number), n: Number(row?.n ?? 0) };
}

/**
 * What the entity's first PROBE_ROWS search rows by id say of a term: its `matches` there, and its `lookalikes`, the
 * rows that the trigram index brings for it but that do not match (search/index.ts lookalikeStarts). The ids follow
 * the records' creation, not their names, so this is an even sample of the entity; the head of the list is not one,
 * a term's matches lying together in list order (patients "na": surnames at N).
 */
interface Sample { matches: number; lookalikes: number }

/**
 * A walk's matches in list order (`ids`); `exact` when the walk saw every search row of the entity, and the `sample`
 * when one was taken to choose the way.
 */
interface Walked { ids: number[]; exact?: number; sample?: Sample }

/**
 * The first `rows` search rows of the entity in list order, with what `q` is checked on: for a term of one or two
 * letters their words' starts, which the index of that order holds (migration 0011), so that the walk reads the index
 * alone, ~11 pages a thousand rows, where reading each row's text reads a page a row; else their text.
 */
const keyWindow = (def: EntityDef, q: string, order: RawBuilder<unknown>, rows: number) => sql`select ${byWordStarts(q) ? sql`entity, record_id, word_starts` : sql`record_id, doc`}
  from search_index where entity = ${def.name} order by ${order} limit ${rows}`;

/** Whether the row of keyWindow under `w` matches `q`. */
const windowMatches = (q: string) => (byWordStarts(q) ? wordStartsMatch(q, 'w', 'looked up') : docMatches(q, sql`w.doc`));

/** Whether a search row read from the table under `s` (with its text) matches `q`: by its words' starts when they tell. */
const rowMatches = (q: string) => (byWordStarts(q) ? wordStartsMatch(q, 's', 'at hand') : docMatches(q, sql`s.doc`));

/** Up to `need` matching record ids among the first `rows` search rows in list order. */
async function walk(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number, rows: number): Promise<Walked> {
  const res = await sql<{ id: number }>`select w.record_id as id from (${keyWindow(def, q, order, rows)}) w where ${windowMatches(q)} limit ${need}`.execute(db);
  return { ids: res.rows.map((r) => Number(r.id)) };
}

/**
 * walk, reading all `rows` rows and counting: when the entity has fewer search rows than that, they were all seen, and
 * the page and the exact count are known from this one statement (`exact`).
 */
async function walkAll(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number, rows: number): Promise<Walked> {
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

/** The entity's first `rows` search rows by id: one range of the primary key, no trigram read. */
const firstById = (def: EntityDef, rows: number) => sql`(select doc, word_starts from search_index where entity = ${def.name} order by record_id limit ${rows})`;

/**
 * The sample of a term (Sample): its matches and lookalikes among the first PROBE_ROWS by id, in one reading. The
 * match is checked twice per row rather than once in a subquery, which measured slower (1.2 against 0.9 ms).
 */
async function sampleById(db: DB, def: EntityDef, q: string): Promise<Sample> {
  const look = lookalikeStarts(q);
  const res = await sql<{ matches: number; lookalikes: number }>`select count(*) filter (where ${rowMatches(q)})::int as matches,
    ${look ? sql`count(*) filter (where ${look} and not ${rowMatches(q)})::int` : sql`0`} as lookalikes from ${firstById(def, PROBE_ROWS)} s`.execute(db);
  return { matches: Number(res.rows[0]?.matches ?? 0), lookalikes: Number(res.rows[0]?.lookalikes ?? 0) };
}

/** Matches of `q` among the first `rows` search rows by id, up to `cap`. */
async function countByIdHead(db: DB, def: EntityDef, q: string, rows: number, cap: number): Promise<number> {
  const res = await sql<{ n: number }>`select count(*)::int as n from (select 1 from ${firstById(def, rows)} s where ${rowMatches(q)} limit ${cap}) x`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Whether the first COUNT_WALK_ROWS search rows by id hold more than SEARCH_COUNT_CAP matches of `q` (false: they do not). */
const pastCapById = async (db: DB, def: EntityDef, q: string) => (await countByIdHead(db, def, q, COUNT_WALK_ROWS, SEARCH_COUNT_CAP + 1)) > SEARCH_COUNT_CAP;

/**
 * How many first pages each way found, walks that fell short of their page, and counts walked by id (read by the tests
 * in tests/api/list-search-*.test.ts, which check that each way is taken).
 */
export const keyedPaths = { starts: 0, small: 0, head: 0, longWalk: 0, walkFellShort: 0, gathered: 0, countedById: 0 };

/**
 * Entities whose last search saw all their rows in its first walk. A small entity's next first walk reads and counts
 * all its rows (walkAll: one statement instead of three or four, most of the console's entities being catalogues of a
 * few hundred rows); a large one's stops at its page. A hint of this process, for the way only: either walk answers
 * the same, and an entity not yet searched is taken for small.
 */
const smallEntities = new Map<string, boolean>();

/** How long a cached size of an entity's table serves (pg_class's estimate, kept by ANALYZE, VACUUM and autovacuum). */
const SIZE_TTL_MS = 60_000;
const sizes = new Map<string, { rows: number; at: number }>();

/** Pins an entity's size estimate for SIZE_TTL_MS, as if pg_class gave it (tests choose the way a search takes). */
export function pinEstimatedRows(entity: string, rows: number) {
  sizes.set(entity, { rows, at: Date.now() });
}

/** The entity's rows as the planner estimates them, or null if never estimated (a table not analysed yet). */
async function estimatedRows(db: DB, def: EntityDef): Promise<number | null> {
  const cached = sizes.get(def.name);
  if (cached && Date.now() - cached.at < SIZE_TTL_MS) return cached.rows < 0 ? null : cached.rows;
  const res = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = to_regclass(${def.table})`.execute(db);
  const rows = Number(res.rows[0]?.n ?? -1);
  sizes.set(def.name, { rows, at: Date.now() });
  return rows < 0 ? null : rows;
}

/**
 * Costs in µs, measured on patients (200,000 of 1.2M records) on the embedded database the first time a term's rows
 * are read, as each new term typed reads them: a search row read in key order and checked (the walk), or its words'
 * starts from the index alone (a term of one or two letters); one read by id and checked (the count walk); an entry of
 * the trigram index read into its bitmap; a row it brings, read and checked; a match kept, sorted by its key and
 * counted (the gathering). Read again at once, the rows read from the table cost about half (a gathering of 2,200
 * matches, 12 → 5.5 ms), the index's about as much. They only choose between ways to the same answer.
 */
const COST = { walkedRow: 1.1, walkedStart: 0.45, countedRow: 0.6, indexEntry: 0.1, checkedRow: 1.6, keptMatch: 0.5 };

/** The sample scaled to the entity: its matches, and the rows the trigram index brings for the term (matches or not). */
function scaled(sample: Sample, size: number, seen: number) {
  const matches = Math.max(seen, (sample.matches / PROBE_ROWS) * size);
  return { matches, brought: matches + (sample.lookalikes / PROBE_ROWS) * size };
}

/** The rows a count up to the cap by id should read, given `sampled` matches among the first PROBE_ROWS; null past COUNT_WALK_ROWS. */
function countWalkRows(sampled: number): number | null {
  const rows = ((SEARCH_COUNT_CAP + 1) * PROBE_ROWS) / Math.max(sampled, 1);
  return rows * COUNT_MARGIN <= COUNT_WALK_ROWS ? rows : null;
}

/**
 * What a count up to the cap should cost each way: by id, or through the trigram index (its bitmap of every row it
 * brings, then rows read until the cap's worth of matches).
 */
function countCosts(sample: Sample, size: number, seen: number) {
  const { matches, brought } = scaled(sample, size, seen);
  const rows = countWalkRows(sample.matches);
  const read = Math.min(brought, ((SEARCH_COUNT_CAP + 1) * brought) / Math.max(matches, 1));
  return { byId: rows === null ? Infinity : rows * COST.countedRow, byIndex: brought * COST.indexEntry + read * COST.checkedRow };
}

/**
 * Whether walking on for the page (expected `rows` in, at the first walk's rate) and counting after should cost less
 * than gathering every match. Patients "na" (12 matches in the first 1,000 rows, surnames A; 13,400 in all, surnames N):
 * a walk of ~3,800 rows and a count, ~6 ms, against ~20 ms to gather them. Patients "ma": its page lies ~2,400 rows
 * in, and gathering it through the trigram index would read ~150,000 rows (lookalikeStarts), ~170 ms.
 */
function cheaperToWalk(q: string, sample: Sample, size: number, seen: number, rows: number): boolean {
  const { matches, brought } = scaled(sample, size, seen);
  const count = countCosts(sample, size, seen);
  const gather = brought * (COST.indexEntry + COST.checkedRow) + matches * COST.keptMatch;
  return rows * (byWordStarts(q) ? COST.walkedStart : COST.walkedRow) + Math.min(count.byId, count.byIndex) < gather;
}

/**
 * WALK_ROWS, then up to LONG_WALK_ROWS if the first walk's rate of matches says the page lies within them and walking
 * there should cost less than gathering every match. Without a size of the entity, the walk (as before sizes were asked).
 */
async function walkForPage(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number): Promise<Walked> {
  const first = smallEntities.get(def.name) === false
    ? await walk(db, def, q, order, need, WALK_ROWS)
    : await walkAll(db, def, q, order, need, WALK_ROWS);
  smallEntities.set(def.name, first.exact !== undefined);
  if (first.exact !== undefined) keyedPaths.small++;
  else if (first.ids.length >= need) keyedPaths.head++;
  if (first.exact !== undefined || first.ids.length >= need || !first.ids.length) return first;
  const expected = (WALK_ROWS * need) / first.ids.length;
  const reach = byWordStarts(q) ? LONG_WALK_STARTS : LONG_WALK_ROWS;
  if (1.5 * expected > reach) return first;
  const sample = await sampleById(db, def, q);
  const size = await estimatedRows(db, def);
  if (size !== null && !cheaperToWalk(q, sample, size, first.ids.length, expected)) return { ...first, sample };
  // As far as LONG_WALK_ROWS: the walk stops at the page, and one that falls short costs its length and the gathering.
  const long = await walk(db, def, q, order, need, reach);
  if (long.ids.length >= need) keyedPaths.longWalk++;
  else keyedPaths.walkFellShort++;
  return { ...long, sample };
}

/**
 * The first `need` of every match in list order, and how many there are: the trigram index, then a sort of the
 * matches' keys (no record read) and a count, each reading the matches once gathered. (A count over the sorted rows,
 * `count(*) over ()`, cost 3–4 ms more for 8,000 matches: patients "me", 14.2 → 10.6 ms.) A term of one or two letters
 * is looked up as docMatches's two LIKEs rather than docContains's expression: the index is read twice, but each
 * row it brings is checked in less time (patients "kh", 6,478 matches: 12.2 → 9.4 ms; counted up to the cap, where
 * fewer rows are checked, the expression stays faster: matchCount).
 */
async function allMatches(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number) {
  const res = await sql<{ n: number; ids: number[] }>`with m as materialized (select record_id, sort_text, sort_num from search_index
    where entity = ${def.name} and ${byWordStarts(q) ? docMatches(q) : docContains(q)})
    select (select count(*)::int from m) as n, array(select record_id from m order by ${order} limit ${need}) as ids`.execute(db);
  const row = res.rows[0];
  return { ids: (row?.ids ?? []).map(Number), n: Number(row?.n ?? 0) };
}

/**
 * Whether the entity has more than SEARCH_COUNT_CAP records matching `q`, told from its first COUNT_WALK_ROWS search
 * rows by id: true when they hold that many; false says only that they do not. The first PROBE_ROWS are counted first,
 * so that a term that only looked common (patients "abb": the Abbotts at the head of a list by surname) costs ~1 ms
 * instead of a walk that falls short (~15 ms). (crud/list.ts, for other sorts; countFound here.)
 */
export async function commonInEntity(db: DB, def: EntityDef, q: string): Promise<boolean> {
  if (countWalkRows(await countByIdHead(db, def, q, PROBE_ROWS, PROBE_ROWS)) === null) return false;
  return pastCapById(db, def, q);
}

/**
 * The count of a first page found by walking, up to the cap: by id when the sample says that costs less than the
 * trigram index (a term common from the first rows by id, or one whose letters start many words after a dot or an
 * at sign: patients "ma", ~8 ms by id against ~25 ms), else through the index. A term whose reading of the index
 * nothing tells (a short one with a sign: fmcslots "11:0", where the index read ~25 ms) and one in an entity without
 * a size are counted by id if that should reach the cap.
 */
async function countFound(db: DB, def: EntityDef, q: string, found: Walked): Promise<number> {
  const sample = found.sample ?? (await sampleById(db, def, q));
  const size = await estimatedRows(db, def);
  const known = hasTrigram(q) || lookalikeStarts(q) !== null;
  const costs = size === null || !known ? null : countCosts(sample, size, found.ids.length);
  if (countWalkRows(sample.matches) !== null && (!costs || costs.byId < costs.byIndex)) {
    keyedPaths.countedById++;
    if (await pastCapById(db, def, q)) return SEARCH_COUNT_CAP + 1;
  }
  return matchCount(db, def.name, q, SEARCH_COUNT_CAP);
}

/**
 * The first page's ids (up to `need`, in list order) and the count (more than SEARCH_COUNT_CAP is SEARCH_COUNT_CAP + 1),
 * or null when the list is not in its default sort's field (or the entity has no key). A term of two letters is read
 * from its words' starts (fromStarts), page and count in one statement. A small entity is read whole and counted in
 * one statement. In a larger one, a term common at the head of the list has its page there, or a few
 * thousand rows on when that should cost less than gathering every match (walkForPage), and is counted up to the cap
 * the cheaper way (countFound); any other term is gathered whole, page and count in one statement. (Asking the index
 * first for a term with trigrams spared rare terms the walk, ~2 ms, but cost common ones 4–6 ms: measured slower.)
 */
export async function keyedFirstPage(db: DB, def: EntityDef, query: ListQuery, q: string): Promise<{ ids: number[]; n: number } | null> {
  const order = keyOrder(def, query.sort);
  if (!order) return null;
  const need = query.limit + 1;
  const pair = startPair(q);
  if (pair) {
    keyedPaths.starts++;
    return fromStarts(db, def, pair, query.sort, need);
  }
  const more = SEARCH_COUNT_CAP + 1;
  const found = await walkForPage(db, def, q, order, need);
  if (found.exact !== undefined) return { ids: found.ids, n: Math.min(found.exact, more) };
  if (found.ids.length < need) {
    const all = await allMatches(db, def, q, order, need);
    keyedPaths.gathered++;
    return { ids: all.ids, n: Math.min(all.n, more) };
  }
  return { ids: found.ids, n: await countFound(db, def, q, found) };
}

import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, ListQuery } from '../../registry';
import type { DB } from '../db/connection';
import { docContains, docMatches, matchingIds, SEARCH_COUNT_CAP } from '../search';
import { sortKeyOf } from '../search/sort-key';

/**
 * The first page of the list search box in the entity's default order (no filter, no cursor), read from the search
 * rows in that order (their sort keys, search/sort-key.ts) rather than from the list: a search row read in key order
 * and checked costs ~1.2 µs at 1.2M rows where a list row whose search row is looked up costs ~5 µs, and gathering all
 * of a term's matches no longer visits each one's record to sort it. Other sorts, filters and later pages go through
 * crud/list.ts's paths as before.
 */

/**
 * Search rows read in list order first, looking for a page (~1.2–1.5 µs each at 1.2M rows: read in key order they lie
 * all over the table).
 */
const WALK_ROWS = 1_000;

/**
 * A longer walk, at most, when the first one's matches say it would find the page there (with half as much again to
 * spare): a term common across the list but clustered later in its order (patients "bh": first names all along,
 * surnames at B) has its page a few thousand rows in, while gathering its ~8,000 matches costs 25–35 ms. A term with
 * fewer matches at the head is gathered whole (allMatches), which costs about as much per match as the walk per row.
 */
const LONG_WALK_ROWS = 8_000;

/** Search rows counted by id, at most, to tell that a common term has more than SEARCH_COUNT_CAP matches (~0.6 µs each). */
const COUNT_WALK_ROWS = 20_000;

/** A walk that found its page within this many rows per match read the term as common enough for commonInEntity. */
const COMMON_SPACING = COUNT_WALK_ROWS / (SEARCH_COUNT_CAP + 1);

/** The search rows' order that is the list's (`col dir nulls …, id dir`), when the list is in its default sort's field. */
function keyOrder(def: EntityDef, sort: ListQuery['sort']): RawBuilder<unknown> | null {
  if (sort.field !== def.defaultSort.field || !sortKeyOf(def)) return null;
  return sort.dir === 'asc'
    ? sql`sort_text asc nulls last, sort_num asc nulls last, record_id asc`
    : sql`sort_text desc nulls first, sort_num desc nulls first, record_id desc`;
}

interface Walked { ids: number[]; reach: number; exact?: number }

/** The first `rows` search rows of the entity in list order, with their places in it (`pos`, from 1). */
const keyWindow = (def: EntityDef, order: RawBuilder<unknown>, rows: number) => sql`select record_id, doc, row_number() over () as pos from (
  select record_id, doc from search_index where entity = ${def.name} order by ${order} limit ${rows}) x`;

/** Up to `need` matching record ids among the first `rows` search rows in list order, and how far the last was. */
async function walk(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number, rows: number): Promise<Walked> {
  const res = await sql<{ id: number; pos: number }>`select record_id as id, pos from (${keyWindow(def, order, rows)}) w
    where ${docMatches(q)} limit ${need}`.execute(db);
  return { ids: res.rows.map((r) => Number(r.id)), reach: Number(res.rows[res.rows.length - 1]?.pos ?? rows) };
}

/**
 * walk, reading all `rows` rows and counting: when the entity has fewer search rows than that, they were all seen, and
 * the page and the exact count are known from this one statement (`exact`).
 */
async function walkAll(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number, rows: number): Promise<Walked> {
  const res = await sql<{ id: number | null; pos: number | null; seen: number; matched: number }>`with
      w as materialized (${keyWindow(def, order, rows)}),
      m as materialized (select record_id, pos from w where ${docMatches(q)})
    select p.record_id as id, p.pos, s.seen, c.matched from (select count(*)::int as seen from w) s
      cross join (select count(*)::int as matched from m) c
      left join lateral (select record_id, pos from m order by pos limit ${need}) p on true order by p.pos`.execute(db);
  const hits = res.rows.filter((r) => r.id !== null);
  const { seen, matched } = res.rows[0];
  return { ids: hits.map((r) => Number(r.id)), reach: Number(hits[hits.length - 1]?.pos ?? rows), ...(seen < rows ? { exact: matched } : {}) };
}

/** How many first pages each way found (read by tests/api/list-search-paths.test.ts, which checks that each path is taken). */
export const keyedPaths = { small: 0, head: 0, longWalk: 0, gathered: 0 };

/**
 * Entities whose last search saw all their rows in its first walk. A small entity's next first walk reads and counts
 * all its rows (walkAll: one statement instead of three or four, most of the console's entities being catalogues of a
 * few hundred rows); a large one's stops at its page. A hint of this process, for the way only: either walk answers
 * the same, and an entity not yet searched is taken for small.
 */
const smallEntities = new Map<string, boolean>();

/**
 * Costs measured at 1.2M rows on the embedded database, in µs: a search row read in key order and checked; a match
 * gathered through the trigram index (its row read, the term checked again, its key sorted); and the count a walk's
 * page still needs (the trigram index up to the cap). They only choose between two ways to the same answer.
 */
const COST = { walkedRow: 0.9, gatheredMatch: 2.2, count: 4_000 };

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
 * Whether walking `rows` search rows (and counting after) should cost less than gathering every match, whose number
 * is guessed from the first walk's rate over the entity's size. Without a size, the walk (as before sizes were asked).
 * Membership cards "mc97" (1 in 100, evenly spread): a walk of ~7,600 rows and a count, 11 ms and sometimes short of
 * the page, against ~3,100 matches gathered, 7 ms.
 */
async function walkCheaper(db: DB, def: EntityDef, rows: number, rate: number): Promise<boolean> {
  const size = await estimatedRows(db, def);
  if (size === null) return true;
  return rows * COST.walkedRow + COST.count < rate * size * COST.gatheredMatch;
}

/** WALK_ROWS, then LONG_WALK_ROWS or fewer if the first walk's rate of matches says the page lies within them. */
async function walkForPage(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number) {
  const first = smallEntities.get(def.name) === false
    ? await walk(db, def, q, order, need, WALK_ROWS)
    : await walkAll(db, def, q, order, need, WALK_ROWS);
  smallEntities.set(def.name, first.exact !== undefined);
  if (first.exact !== undefined) keyedPaths.small++;
  else if (first.ids.length >= need) keyedPaths.head++;
  if (first.exact !== undefined || first.ids.length >= need || !first.ids.length) return first;
  const rows = Math.ceil((1.5 * WALK_ROWS * need) / first.ids.length);
  if (rows > LONG_WALK_ROWS || !(await walkCheaper(db, def, rows, first.ids.length / WALK_ROWS))) return first;
  const long = await walk(db, def, q, order, need, rows);
  if (long.ids.length >= need) keyedPaths.longWalk++;
  return long;
}

/**
 * The first `need` of every match in list order, and how many there are: the trigram index, then a sort of the
 * matches' keys (no record read) and a count, each reading the matches once gathered. (A count over the sorted rows,
 * `count(*) over ()`, cost 3–4 ms more for 8,000 matches: patients "me", 14.2 → 10.6 ms.)
 */
async function allMatches(db: DB, def: EntityDef, q: string, order: RawBuilder<unknown>, need: number) {
  const res = await sql<{ n: number; ids: number[] }>`with m as materialized (select record_id, sort_text, sort_num from search_index
    where entity = ${def.name} and ${docContains(q)})
    select (select count(*)::int from m) as n, array(select record_id from m order by ${order} limit ${need}) as ids`.execute(db);
  const row = res.rows[0];
  return { ids: (row?.ids ?? []).map(Number), n: Number(row?.n ?? 0) };
}

/** Search rows counted by id first: a term on pace for fewer than PROBE_PACE of the cap in COUNT_WALK_ROWS stops there. */
const PROBE_ROWS = 2_000;
const PROBE_PACE = 0.75;

/** Matches of `q` among the entity's first `rows` search rows by id (one index range, no trigram reading), up to `cap`. */
async function countByIdHead(db: DB, def: EntityDef, q: string, rows: number, cap: number): Promise<number> {
  const res = await sql<{ n: number }>`select count(*)::int as n from (select 1 from (select doc from search_index where entity = ${def.name}
    order by record_id limit ${rows}) s where ${docMatches(q)} limit ${cap}) x`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * Whether the entity has more than SEARCH_COUNT_CAP records matching `q`, told from its first COUNT_WALK_ROWS search
 * rows by id: true when they hold that many; false says only that they do not. The first PROBE_ROWS are counted first,
 * so that a term that only looked common (patients "abb": the Abbotts at the head of a list by surname) costs ~1 ms
 * instead of a whole walk that fails (~14 ms).
 */
export async function commonInEntity(db: DB, def: EntityDef, q: string): Promise<boolean> {
  const probe = await countByIdHead(db, def, q, PROBE_ROWS, SEARCH_COUNT_CAP + 1);
  if (probe * (COUNT_WALK_ROWS / PROBE_ROWS) < PROBE_PACE * SEARCH_COUNT_CAP) return false;
  return (await countByIdHead(db, def, q, COUNT_WALK_ROWS, SEARCH_COUNT_CAP + 1)) > SEARCH_COUNT_CAP;
}

/**
 * The first page's ids (up to `need`, in list order) and the count (more than SEARCH_COUNT_CAP is SEARCH_COUNT_CAP + 1),
 * or null when the list is not in its default sort's field (or the entity has no key). A small entity is read whole
 * and counted in one statement. In a larger one, a term common at the head of the list has its page there (or a few
 * thousand rows on: walkForPage); its count is then told from the first rows by id when the walk found it that common
 * (which spares the trigram index a term without trigrams: two letters on 316,000 cards read 316,000 entries), else
 * by the index, up to the cap. Any other term is gathered whole, page and count in one statement. (Asking the index
 * first for a term with trigrams spared rare terms the walk, ~2 ms, but cost common ones 4–6 ms: measured slower.)
 */
export async function keyedFirstPage(db: DB, def: EntityDef, query: ListQuery, q: string): Promise<{ ids: number[]; n: number } | null> {
  const order = keyOrder(def, query.sort);
  if (!order) return null;
  const need = query.limit + 1;
  const more = SEARCH_COUNT_CAP + 1;
  const found = await walkForPage(db, def, q, order, need);
  if (found.exact !== undefined) return { ids: found.ids, n: Math.min(found.exact, more) };
  if (found.ids.length < need) {
    const all = await allMatches(db, def, q, order, need);
    keyedPaths.gathered++;
    return { ids: all.ids, n: Math.min(all.n, more) };
  }
  if (found.reach <= need * COMMON_SPACING && (await commonInEntity(db, def, q))) return { ids: found.ids, n: more };
  const ids = await matchingIds(db, def.name, q, SEARCH_COUNT_CAP);
  return { ids: found.ids, n: ids ? ids.length : more };
}

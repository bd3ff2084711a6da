import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, ListQuery } from '../../registry';
import { col } from '../records/columns';
import type { DB } from '../db/connection';
import { MATCH_COUNT_CAP, RECORD_COUNT_CAP } from './caps';
import { ALONE, choose, type Way } from './choose';
import {
  countByIdRows, countCosts, estimatedRows, FIRST_WALK_SEARCH_ROWS, gatherCost, SAMPLE_SEARCH_ROWS, walkCost,
  WALK_ON_INDEX_ENTRIES, WALK_ON_SEARCH_ROWS, type Sample,
} from './cost';
import { COUNT_WAYS, type CountAsk, type CountName, type CountWayName } from './count-ways';
import { cappedCount, keysetRanges, pageInListOrder, selectPage, shortTermHead, textSearch, withHead, type ListOrderWayName, type TextSearch } from './list-order';
import { allMatches, countByIdHead, fromStarts, keyOrder as keyOrderOf, pastCapById, sampleById, walk, walkAll, type Walked } from './reads';
import { byWordStarts, startPair } from './text';
import { DAY_COUNTED, keptAppointmentCount } from './day-counts';
import { keptPaymentCount, PAYMENT_COUNTED } from './payment-counts';
import { keptTotal, keptValueCount } from './value-counts';

type Rows = Record<string, unknown>[];

/** A list's page to find, and the facts the ways read about it, each read once, when a way first asks. */
export interface ListAsk {
  db: DB; def: EntityDef; query: ListQuery;
  /** The list's filters and the caller's scope. */
  where: RawBuilder<unknown>[];
  /** The list's order on its own table. */
  order: RawBuilder<unknown>;
  /** The page and one row more (that there is a next page). */
  need: number;
  /** The first page of a term, with no filter or scope: what the search rows alone can answer. */
  firstOfTerm: boolean;
  /** The search rows' order that is the list's, on such a page in the default sort's field (reads.ts keyOrder); else null. */
  keyOrder: RawBuilder<unknown> | null;
  /** The term as its words' first two letters (text.ts startPair), or null. */
  pair: string | null;
  firstWalk(): Promise<Walked>;
  sample(): Promise<Sample>;
  size(): Promise<number | null>;
  /** The matches among the first LIST_HEAD_RECORDS records in list order, for a term too short for trigrams (else null). */
  shortHead(): Promise<Rows | null>;
  /** Whether the entity has more than MATCH_COUNT_CAP matches, as its first rows by id tell (commonInEntity). */
  common(): Promise<boolean>;
  search(): Promise<TextSearch>;
}

/** A way's answer: up to `need` rows in list order, and the count (more than `cap` is "more than cap"). */
export interface Found {
  rows: Rows; n: number; cap: number;
  count: CountName;
  /** Ways that fell short of their count before `count` answered. */
  countDeclined?: CountWayName[];
  /** The ways to each page in list order (one a keyset range). */
  inListOrder?: ListOrderWayName[];
}

export type ListWayName = 'starts' | 'walk-all' | 'key-head' | 'walk-on' | 'gather' | 'short-head' | 'page-and-count' | 'in-list-order' | 'next-page';

/**
 * Entities whose last search saw all their rows in its first walk. A small entity's next first walk reads and counts
 * all its rows (walkAll: one statement instead of three or four, most of the console's entities being catalogues of a
 * few hundred rows); a large one's stops at its page. A hint of this process, for the way only: either walk answers
 * the same, and an entity not yet searched is taken for small.
 */
const smallEntities = new Map<string, boolean>();

const keyed = (ask: ListAsk) => ask.keyOrder !== null;
/** keyed, not starts: the ways that read the first walk. */
const walked = (ask: ListAsk) => ask.keyOrder !== null && ask.pair === null;
/** The first walk, when it did not see every search row of the entity. */
const partial = async (ask: ListAsk) => (walked(ask) ? (await ask.firstWalk()).exact === undefined : false);

/** How far walk-on may go for this term. */
const walkOnReach = (q: string) => (byWordStarts(q) ? WALK_ON_INDEX_ENTRIES : WALK_ON_SEARCH_ROWS);

/** Where the page should lie, at the first walk's rate of matches (search rows in key order). */
const expectedRows = (first: Walked, need: number) => (FIRST_WALK_SEARCH_ROWS * need) / first.ids.length;

/** A page found as record ids in list order: the records themselves, read by id and sorted as the list is. */
async function byIds(ask: ListAsk, ids: number[], n: number, count: CountName, counted?: { declined: CountWayName[] }): Promise<Found> {
  const rows = ids.length ? (await selectPage(ask.db, ask.def, [sql`t.id = any(${ids}::int[])`], ask.order, ask.need)).rows : [];
  return { rows, n, cap: MATCH_COUNT_CAP, count, ...(counted?.declined.length ? { countDeclined: counted.declined } : {}) };
}

/** A page found by walking: counted up to the cap the cheaper way (COUNT_WAYS). */
async function countedWalk(ask: ListAsk, ids: number[]): Promise<Found> {
  const countAsk: CountAsk = { db: ask.db, def: ask.def, q: ask.query.q!, seen: ids.length, sample: ask.sample, size: ask.size };
  const counted = await choose(COUNT_WAYS, countAsk);
  return byIds(ask, ids, counted.answer, counted.name, counted);
}

/** A count up to `cap` of the rows `where` selects, as a subquery run once. */
const countSql = (ask: ListAsk, where: RawBuilder<unknown>[], cap: number) => cappedCount(ask.def.table, where, cap);

/**
 * The count of a list without a term that kept counts hold, when its filters are those alone and no caller's scope
 * narrows it; else null: day-counts.ts (appointments by status and centre), payment-counts.ts (payments by status,
 * method and period), and where neither applies value-counts.ts (one value of one enum field, or none: the total, any
 * entity). It reads the rows kept, where counting reads up to RECORD_COUNT_CAP rows of the table.
 */
async function keptCount(ask: ListAsk): Promise<number | null> {
  if (ask.query.q) return null;
  const filters = ask.query.filters;
  // One of several records (`fmc=3,7`): no kept count holds it; the rows are counted.
  if (Object.values(filters).some((v) => /^\d+(,\d+)+$/.test(v))) return null;
  const keys = Object.keys(filters);
  // Every condition of `where` is one of these filters: no scope among them.
  if (ask.where.length !== keys.length) return null;
  const kept = [DAY_COUNTED, PAYMENT_COUNTED].find((k) => k.entity === ask.def.name);
  if (kept && keys.every((k) => (kept.filters as readonly string[]).includes(k))) {
    const n = kept === PAYMENT_COUNTED
      ? await keptPaymentCount(ask.db, filters, ask.where, RECORD_COUNT_CAP)
      : await keptAppointmentCount(ask.db, { status: filters.status, fmc: filters.fmc === undefined ? undefined : Number(filters.fmc) });
    if (n !== null) return n;
  }
  if (keys.length === 0) return keptTotal(ask.db, ask.def);
  return keys.length === 1 ? keptValueCount(ask.db, ask.def, keys[0], filters[keys[0]]) : null;
}

/** The page through LIST_ORDER_WAYS, one keyset range after another, and the count: known, or counted after. */
async function pagesInListOrder(ask: ListAsk): Promise<Found> {
  const { query, where } = ask;
  const search = query.q ? await ask.search() : null;
  const cap = search ? MATCH_COUNT_CAP : RECORD_COUNT_CAP;
  // With `q` alone the matches are the count (each record has exactly one search row, written with it).
  const known = search && !where.length ? (search.ids ? search.ids.length : cap + 1) : null;
  const sortCol = sql.raw(col(ask.def, query.sort.field));
  const ranges = query.cursor ? keysetRanges(sortCol, query.sort.dir, query.cursor[0], query.cursor[1]) : [null];
  const rows: Rows = [];
  const inListOrder: ListOrderWayName[] = [];
  for (const range of ranges) {
    const page = await pageInListOrder(ask.db, ask.def, range ? [...where, range] : where, ask.order, ask.need - rows.length, search);
    rows.push(...page.rows);
    inListOrder.push(page.way);
    if (rows.length > query.limit) break;
  }
  if (known !== null) return { rows, n: known, cap, count: search!.ids ? 'known-ids' : 'more-than-cap', inListOrder };
  const kept = search ? null : await keptCount(ask);
  if (kept !== null) return { rows, n: Math.min(kept, cap + 1), cap, count: 'kept', inListOrder };
  const text = search ? [search.ids ? sql`t.id = any(${search.ids}::int[])` : search.semiJoin] : [];
  const n = Number((await sql<{ n: number }>`select ${countSql(ask, [...where, ...text], cap)} as n`.execute(ask.db)).rows[0]?.n ?? 0);
  return { rows, n, cap, count: 'counted', inListOrder };
}

/**
 * The ways to a list's page and its count, for the entry point (list-page.ts listPage). README.md has the table: when
 * each is chosen, what it costs, and the test that pins it. For any question one way applies, or walk-on and gather,
 * weighed by the cost model; a way that falls short of its page is set aside and the choice made again (choose.ts).
 */
export const LIST_WAYS: readonly Way<ListWayName, ListAsk, Found>[] = [
  {
    name: 'starts', // a term of exactly two letters: page and count from search_starts
    applies: (ask) => keyed(ask) && ask.pair !== null,
    estimate: ALONE,
    run: async (ask) => {
      const found = await fromStarts(ask.db, ask.def, ask.pair!, ask.query.sort, ask.need);
      return byIds(ask, found.ids, found.n, 'with-page');
    },
  },
  {
    name: 'walk-all', // the first walk saw every search row of the entity: page and exact count
    applies: async (ask) => walked(ask) && (await ask.firstWalk()).exact !== undefined,
    estimate: ALONE,
    run: async (ask) => {
      const first = await ask.firstWalk();
      return byIds(ask, first.ids, Math.min(first.exact!, MATCH_COUNT_CAP + 1), 'with-page');
    },
  },
  {
    name: 'key-head', // the first walk found the page
    applies: async (ask) => (await partial(ask)) && (await ask.firstWalk()).ids.length >= ask.need,
    estimate: ALONE,
    run: async (ask) => countedWalk(ask, (await ask.firstWalk()).ids),
  },
  {
    name: 'walk-on', // the first walk's rate puts the page within reach: walk on to it
    applies: async (ask) => {
      if (!(await partial(ask))) return false;
      const first = await ask.firstWalk();
      return first.ids.length > 0 && first.ids.length < ask.need && 1.5 * expectedRows(first, ask.need) <= walkOnReach(ask.query.q!);
    },
    estimate: async (ask) => {
      const first = await ask.firstWalk();
      const q = ask.query.q!;
      const sample = await ask.sample();
      const size = await ask.size();
      const walking = walkCost(expectedRows(first, ask.need), byWordStarts(q));
      if (size === null) return walking;
      const count = countCosts(sample, size, first.ids.length);
      return walking + Math.min(count.byId, count.byIndex);
    },
    run: async (ask) => {
      const found = await walk(ask.db, ask.def, ask.query.q!, ask.keyOrder!, ask.need, walkOnReach(ask.query.q!));
      return found.ids.length >= ask.need ? countedWalk(ask, found.ids) : null;
    },
  },
  {
    name: 'gather', // every match through the trigram index, sorted by key and counted: page and count
    applies: async (ask) => (await partial(ask)) && (await ask.firstWalk()).ids.length < ask.need,
    estimate: async (ask) => {
      const sample = await ask.sample();
      const size = await ask.size();
      return size === null ? Infinity : gatherCost(sample, size, (await ask.firstWalk()).ids.length);
    },
    run: async (ask) => {
      const all = await allMatches(ask.db, ask.def, ask.query.q!, ask.keyOrder!, ask.need);
      return byIds(ask, all.ids, Math.min(all.n, MATCH_COUNT_CAP + 1), 'with-page');
    },
  },
  {
    name: 'short-head', // a term too short for trigrams, common at the head of the list and in the entity
    applies: (ask) => shortHeadFound(ask),
    estimate: ALONE,
    run: async (ask) => ({ rows: (await ask.shortHead())!, n: MATCH_COUNT_CAP + 1, cap: MATCH_COUNT_CAP, count: 'more-than-cap' }),
  },
  {
    name: 'page-and-count', // no term, or at most the cap's matches under a filter or scope: one statement
    applies: async (ask) => !ask.query.cursor && (!ask.query.q || (ask.where.length > 0 && (await ask.search()).ids !== null)),
    estimate: ALONE,
    run: async (ask) => {
      const search = ask.query.q ? await ask.search() : null;
      const where = [...ask.where, ...(search ? [sql`t.id = any(${search.ids}::int[])`] : [])];
      const cap = search ? MATCH_COUNT_CAP : RECORD_COUNT_CAP;
      const kept = search ? null : await keptCount(ask);
      if (kept !== null) return { rows: (await selectPage(ask.db, ask.def, where, ask.order, ask.need)).rows, n: Math.min(kept, cap + 1), cap, count: 'kept' };
      // The count an uncorrelated subquery, run once. No row means no match at all, so the count is then 0.
      const found = await selectPage(ask.db, ask.def, where, ask.order, ask.need, sql`${countSql(ask, where, cap)} as "__total"`);
      return { rows: found.rows.map(({ __total: _total, ...row }) => row), n: Number(found.rows[0]?.__total ?? 0), cap, count: 'with-page' };
    },
  },
  {
    name: 'in-list-order', // any other first page of a term: through LIST_ORDER_WAYS
    applies: async (ask) => !!ask.query.q && !ask.query.cursor && !keyed(ask) && !(await shortHeadFound(ask))
      && !(ask.where.length > 0 && (await ask.search()).ids !== null),
    estimate: ALONE,
    run: pagesInListOrder,
  },
  {
    name: 'next-page', // after a cursor: keyset ranges through LIST_ORDER_WAYS, and the count
    applies: (ask) => !!ask.query.cursor,
    estimate: ALONE,
    run: pagesInListOrder,
  },
];

async function shortHeadFound(ask: ListAsk): Promise<boolean> {
  if (!ask.firstOfTerm || keyed(ask)) return false;
  const head = await ask.shortHead();
  return head !== null && head.length > ask.query.limit && (await ask.common());
}

/**
 * Whether the entity has more than MATCH_COUNT_CAP records matching `q`, told from its first COUNT_BY_ID_SEARCH_ROWS
 * search rows by id: true when they hold that many; false says only that they do not. The first SAMPLE_SEARCH_ROWS are
 * counted first, so that a term that only looked common (patients "abb": the Abbotts at the head of a list by surname)
 * is not walked for by id to fall short.
 */
async function commonInEntity(db: DB, def: EntityDef, q: string): Promise<boolean> {
  if (countByIdRows(await countByIdHead(db, def, q, SAMPLE_SEARCH_ROWS, SAMPLE_SEARCH_ROWS)) === null) return false;
  return pastCapById(db, def, q);
}

/** Each fact read once, when first asked for. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
}

/** The question for LIST_WAYS: the list's page after `query.cursor` (else its first), under `where`. */
export function listAsk(db: DB, def: EntityDef, query: ListQuery, where: RawBuilder<unknown>[], order: RawBuilder<unknown>): ListAsk {
  const q = query.q ?? '';
  const need = query.limit + 1;
  const firstOfTerm = !!query.q && !query.cursor && !where.length;
  const keyOrder = firstOfTerm ? keyOrderOf(def, query.sort) : null;
  const ask: ListAsk = {
    db, def, query, where, order, need, firstOfTerm, keyOrder,
    pair: keyOrder ? startPair(q) : null,
    firstWalk: once(async () => {
      const first = smallEntities.get(def.name) === false
        ? await walk(db, def, q, keyOrder!, need, FIRST_WALK_SEARCH_ROWS)
        : await walkAll(db, def, q, keyOrder!, need, FIRST_WALK_SEARCH_ROWS);
      smallEntities.set(def.name, first.exact !== undefined);
      return first;
    }),
    sample: once(() => sampleById(db, def, q)),
    size: once(() => estimatedRows(db, def)),
    shortHead: once(() => shortTermHead(db, def, [], order, need, q)),
    common: once(() => commonInEntity(db, def, q)),
    search: once(async () => withHead(await textSearch(db, def, q), firstOfTerm && !keyOrder ? await ask.shortHead() : null)),
  };
  return ask;
}

export const chooseListWay = (ask: ListAsk) => choose(LIST_WAYS, ask);

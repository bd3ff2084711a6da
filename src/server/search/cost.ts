import { sql } from 'kysely';
import type { EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { MATCH_COUNT_CAP } from './caps';

/**
 * What the ways read at most, and what reading costs. Every knob of the list search is here; README.md says which way
 * each one steers. Search rows are the `search_index` rows of one entity; records are the rows of its own table.
 */

/** Search rows the first walk reads in key order, looking for a page (and, in a small entity, reading all of them). */
export const FIRST_WALK_SEARCH_ROWS = 1_000;

/**
 * Search rows walk-on reads in key order at most (it stops at its page). Taken when the first walk's rate of matches puts
 * the page within two thirds of it and walking there should cost less than gathering every match: a term common across
 * the list but clustered later in its order (patients "na": first names all along, surnames at N) has its page a few
 * thousand rows in. Taken when the page should lie within two thirds of it, it rarely falls short.
 */
export const WALK_ON_SEARCH_ROWS = 24_000;

/**
 * WALK_ON_SEARCH_ROWS for a term of one or two letters, checked on the index alone (keyWindow): each row costs less, so
 * the walk goes further for the same cost. Terms of exactly two letters read their words' starts instead (starts): this
 * serves one letter, and a term that lower-cases to more letters than it has.
 */
export const WALK_ON_INDEX_ENTRIES = 40_000;

/** Search rows read by id and checked, at most, by count-by-id to tell that a term has more than MATCH_COUNT_CAP matches. */
export const COUNT_BY_ID_SEARCH_ROWS = 30_000;

/**
 * count-by-id is taken only when the sample says it should reach the cap this many times before COUNT_BY_ID_SEARCH_ROWS:
 * one that falls short is wasted before the trigram index is asked.
 */
export const COUNT_BY_ID_MARGIN = 1.3;

/** The first search rows by id, read as the sample of a term's matches in the entity (see Sample in reads.ts). */
export const SAMPLE_SEARCH_ROWS = 1_000;

/** Records read in list order, each checked, by list-head: a term common there fills a page from them. */
export const LIST_HEAD_RECORDS = 500;

/** Records read in list order, each checked, by list-walk: when list-head's rate of matches would fill a page there. */
export const LIST_WALK_RECORDS = 2_000;

/**
 * Search rows a picker reads in key order at most, for a term the sample says is common enough to fill its page within
 * half of them (picker-page.ts): the walk stops at its page, and one that falls short has cost about what gathering
 * MATCH_COUNT_CAP matches does.
 */
export const PICKER_WALK_SEARCH_ROWS = 3_000;

/**
 * How many times the rows the sample's rate says hold a picker's page its walk reads at most. A term spread evenly is
 * found well within it; one whose matches lie together later in the list (a surname's start, in a list by name: the
 * sample is by id and cannot tell) falls short, and is gathered through the index after a walk that cost half of
 * PICKER_WALK_SEARCH_ROWS or less.
 */
export const PICKER_WALK_MARGIN = 2;

/** How long a table's size (pg_class's estimate) is kept before it is asked again. */
const TABLE_SIZE_TTL_MS = 60_000;

/**
 * Costs in µs a row, measured on patients (200,000 of 1.2M records) on the embedded database the first time a term's
 * rows are read, as each new term typed reads them (bench/list-search-figures.md): a search row read in key order and
 * checked (a walk), or its words' starts from the index alone (a term of one or two letters); one read by id and
 * checked (count-by-id); an entry of the trigram index read into its bitmap; a row it brings, read and checked; a
 * match kept, sorted by its key and counted (gather). A record read in list order and checked through its search row
 * (list-walk) was measured too; nothing weighs it against another way yet. The costs only choose between ways to the
 * same answer.
 */
export const COST = { walkedRow: 1.1, walkedStart: 0.45, countedRow: 0.6, indexEntry: 0.1, checkedRow: 1.6, keptMatch: 0.5, listedRecord: 5 };

/**
 * What the entity's first SAMPLE_SEARCH_ROWS search rows by id say of a term: its `matches` there, and its `lookalikes`,
 * the rows that the trigram index brings for it but that do not match (text.ts lookalikeStarts). The ids follow the
 * records' creation, not their names, so this is an even sample of the entity; the head of the list is not one, a
 * term's matches lying together in list order (patients "na": surnames at N).
 */
export interface Sample { matches: number; lookalikes: number }

/** The sample scaled to the entity: its matches, and the rows the trigram index brings for the term (matches or not). */
function scaled(sample: Sample, size: number, seen: number) {
  const matches = Math.max(seen, (sample.matches / SAMPLE_SEARCH_ROWS) * size);
  return { matches, brought: matches + (sample.lookalikes / SAMPLE_SEARCH_ROWS) * size };
}

/** The rows count-by-id should read, given `sampled` matches among the sample; null past COUNT_BY_ID_SEARCH_ROWS. */
export function countByIdRows(sampled: number): number | null {
  const rows = ((MATCH_COUNT_CAP + 1) * SAMPLE_SEARCH_ROWS) / Math.max(sampled, 1);
  return rows * COUNT_BY_ID_MARGIN <= COUNT_BY_ID_SEARCH_ROWS ? rows : null;
}

/**
 * What a count up to the cap should cost each way: by id, or through the trigram index (its bitmap of every row it
 * brings, then rows read until the cap's worth of matches).
 */
export function countCosts(sample: Sample, size: number, seen: number) {
  const { matches, brought } = scaled(sample, size, seen);
  const rows = countByIdRows(sample.matches);
  const read = Math.min(brought, ((MATCH_COUNT_CAP + 1) * brought) / Math.max(matches, 1));
  return { byId: rows === null ? Infinity : rows * COST.countedRow, byIndex: brought * COST.indexEntry + read * COST.checkedRow };
}

/** Gathering every match of the term through the trigram index, sorting them by key and counting them. */
export function gatherCost(sample: Sample, size: number, seen: number): number {
  const { matches, brought } = scaled(sample, size, seen);
  return brought * (COST.indexEntry + COST.checkedRow) + matches * COST.keptMatch;
}

/** Walking `rows` search rows in key order (on the index alone for a term of one or two letters: `byStarts`). */
export const walkCost = (rows: number, byStarts: boolean) => rows * (byStarts ? COST.walkedStart : COST.walkedRow);

const sizes = new Map<string, { rows: number; at: number }>();

/**
 * Pins an entity's size estimate, as if pg_class gave it (tests choose the way a search takes): it holds until pinned
 * again, however slow the machine, never expiring mid-test.
 */
export function pinEstimatedRows(entity: string, rows: number) {
  sizes.set(entity, { rows, at: Infinity });
}

/** The entity's rows as the planner estimates them (kept by ANALYZE, VACUUM and autovacuum), or null if never estimated. */
export async function estimatedRows(db: DB, def: EntityDef): Promise<number | null> {
  const cached = sizes.get(def.name);
  if (cached && (cached.at === Infinity || Date.now() - cached.at < TABLE_SIZE_TTL_MS)) return cached.rows < 0 ? null : cached.rows;
  const res = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = to_regclass(${def.table})`.execute(db);
  const rows = Number(res.rows[0]?.n ?? -1);
  sizes.set(def.name, { rows, at: Date.now() });
  return rows < 0 ? null : rows;
}

import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db/connection';
import { likeLiteral, likePattern } from '../records/like-pattern';

export { likeLiteral, likePattern };

/**
 * pg_trgm looks a LIKE pattern up by the trigrams of its runs of letters and digits; a term without a run of
 * three (`ab`, `12:0`, `+91 9`) has none, and PostgreSQL would then read the whole trigram index.
 */
export function hasTrigram(q: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(q);
}

/**
 * "This search row's text contains q". A term of three letters or more is found anywhere in the text. A
 * shorter one is found at the start of a word (`an` finds "Anand" and "K. Anil", not "Susan"): that is what
 * one or two typed letters usually mean, and a word's start is padded with blanks in its trigrams (`  a`,
 * ` an`), so the trigram index serves it (doc is lower-cased, its words separated by spaces); anywhere in
 * the text it would be a scan of every row.
 *
 * The text is lower-cased when written (searchDoc) and the term here, so a case-sensitive LIKE finds what ILIKE
 * would, for less per row checked (ILIKE folds every character of the text again), and folds letters
 * beyond ASCII as the text was folded. The group of the expression captures nothing: PostgreSQL runs a capturing
 * one slower, and the expression is checked on every row the index (or a walk) brings.
 */
export function docContains(q: string, doc: RawBuilder<unknown> = sql`doc`): RawBuilder<unknown> {
  const run = rareRun(q);
  if (run) return sql`(${doc} like ${likePattern(run)} and (${doc} || '') like ${likePattern(q)})`;
  if (hasTrigram(q)) return sql`${doc} like ${likePattern(q)}`;
  // One regular expression, not `like 'ab%' or like '% ab%'`: both read the same trigrams, and the index twice.
  const literal = q.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return sql`${doc} ~ ${`(?:^| )${literal}`}`;
}

/**
 * docContains for a check row by row, where no index is asked: a term too short for trigrams as two LIKEs, which
 * PostgreSQL runs for less than the regular expression (bench/list-search-figures.md).
 * Same rows: the text's words are separated by single spaces.
 */
export function docMatches(q: string, doc: RawBuilder<unknown> = sql`doc`): RawBuilder<unknown> {
  if (hasTrigram(q) || rareRun(q)) return docContains(q, doc);
  const start = `${likeLiteral(q)}%`;
  return sql`(${doc} like ${start} or ${doc} like ${`% ${start}`})`;
}

/**
 * Whether a search row's `word_starts` (the first two letters of each of its text's words, " ma go +9": migration
 * 0011) tells docMatches for `q`: a term of one or two letters, digits or signs, without a blank, starts a word of the
 * text exactly when it starts one of those. It rides in the index of the list's order, so a walk of that order checks
 * it from the index alone (reads.ts keyWindow).
 */
export const byWordStarts = (q: string) => q.length > 0 && q.length <= 2 && !/\s/u.test(q);

/**
 * The term as `search_starts` holds it (migration 0013), when it is exactly two letters, digits or signs without a
 * blank: such a term starts a word of a text exactly when it is one of the text's words' first two letters. Else null.
 * Counted in code points, as PostgreSQL's left() counts them, after lower-casing, as the text was lower-cased.
 */
export function startPair(q: string): string | null {
  const term = q.toLowerCase();
  return Array.from(term).length === 2 && !/\s/u.test(term) ? term : null;
}

/**
 * docMatches for a term byWordStarts serves, checked on `word_starts` (the search row's, under `alias`), or on the text
 * where `word_starts` is null (a long text of short words: see migration 0011), by `doc` when the row at hand has it,
 * else looked up by the row's record (an index-only walk does not).
 */
export function wordStartsMatch(q: string, alias: string, doc: 'at hand' | 'looked up'): RawBuilder<unknown> {
  const starts = sql.raw(`${alias}.word_starts`);
  const text = doc === 'at hand'
    ? docMatches(q, sql.raw(`${alias}.doc`))
    : sql`exists (select 1 from search_index d where d.entity = ${sql.raw(`${alias}.entity`)} and d.record_id = ${sql.raw(`${alias}.record_id`)} and ${docMatches(q, sql`d.doc`)})`;
  return sql`(${starts} like ${`% ${likeLiteral(q)}%`} or (${starts} is null and ${text}))`;
}

/**
 * Search texts where a term of one or two letters or digits (`ma`, `in`) starts a word after a dot or an at sign, as
 * in an e-mail address ("@mail", ".in"); null for any other term. The trigram index cuts words at those signs, so for
 * docContains it brings these rows too (its entries for " ma"), and docContains then drops them: patients "ma" has
 * 11,600 matches and ~150,000 such rows, each read and checked by a count through the index. A
 * short term with a sign of its own (`11:0`, `+9`) is looked up by the padded trigrams of its parts, "  1" and " 11",
 * in most of a table's rows: how many, nothing here tells.
 */
export function lookalikeStarts(q: string): RawBuilder<unknown> | null {
  if (hasTrigram(q) || !/^[\p{L}\p{N}]+$/u.test(q)) return null;
  const literal = likeLiteral(q);
  return sql`(doc like ${`%@${literal}%`} or doc like ${`%.${literal}%`})`;
}

/**
 * The run of five digits or more in a longer term (the number in `APT-2026-1987655`, the phone in `ravi 98450 12345`),
 * or null. The trigram index looks a term up by all its trigrams at once, reading every one's entries, and those of
 * `apt` and `202` are in millions of rows, all read for a whole appointment number. Such a run's trigrams
 * are in few rows, so the index is asked for the run alone and the whole term checked on what it finds (`doc || ''`,
 * which the index does not serve): the same rows, far fewer entries read.
 */
export function rareRun(q: string): string | null {
  const runs = q.match(/\d{5,}/g);
  if (!runs) return null;
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.length < q.trim().length ? longest : null;
}


/**
 * One entity's matches of `q` as a WITH query (see palette.ts matchesOf for why). `entity = $1`, not `= any(…)`: the planner then
 * reads this entity's own trigram index (migration 0006).
 */
const entityMatches = (entity: string, q: string) => sql`matches as materialized (select record_id from search_index where entity = ${entity} and ${docContains(q)})`;

/** Ids of one entity's records whose search text contains `q`: all of them while there are at most `cap`, else null. */
export async function matchingIds(db: DB, entity: string, q: string, cap: number): Promise<number[] | null> {
  const res = await sql<{ id: number }>`with ${entityMatches(entity, q)} select record_id as id from matches limit ${cap + 1}`.execute(db);
  return res.rows.length > cap ? null : res.rows.map((r) => Number(r.id));
}

/** How many of one entity's records match `q`, counted up to `cap + 1` (matchingIds's count, without sending the ids). */
export async function matchCount(db: DB, entity: string, q: string, cap: number): Promise<number> {
  const res = await sql<{ n: number }>`with ${entityMatches(entity, q)} select count(*)::int as n from (select 1 from matches limit ${cap + 1}) x`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

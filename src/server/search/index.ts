import { sql, type RawBuilder } from 'kysely';
import { can, canReadRecord, ENTITIES, getEntity, subtitleOf, titleOf, type EntityDef, type Role } from '../../registry';
import { ident } from '../db/entity-table';
import { scoped, scopeWhere, type ScopeOwner } from '../crud/scope';
import type { DB } from '../db/connection';
import { sortKeyValues } from './sort-key';

/** The text a record is found by: its title, subtitle and searchable fields, lower-cased. */
export function searchDoc(def: EntityDef, row: Record<string, unknown>): { title: string; subtitle: string; doc: string } {
  const title = titleOf(def, row) || `#${row.id}`;
  const subtitle = subtitleOf(def, row);
  const extra = Object.entries(def.fields).filter(([, fd]) => fd.searchable && !fd.writeOnly).map(([k]) => row[k]).filter((v) => v !== null && v !== undefined && v !== '');
  const doc = [title, subtitle, ...extra].join(' ').toLowerCase().slice(0, 2000);
  return { title: title.slice(0, 300), subtitle: subtitle.slice(0, 300), doc };
}

/** Kept in the same transaction as the write it reflects; the sort key read from the record as stored (search/sort-key.ts). */
export async function upsertSearchRow(db: DB, def: EntityDef, row: Record<string, unknown>) {
  const { title, subtitle, doc } = searchDoc(def, row);
  const key = sortKeyValues(def, Number(row.id));
  await sql`insert into search_index (entity, record_id, title, subtitle, doc, sort_text, sort_num)
    values (${def.name}, ${row.id}, ${title}, ${subtitle}, ${doc}, ${key.text}, ${key.num})
    on conflict (entity, record_id) do update set title = excluded.title, subtitle = excluded.subtitle, doc = excluded.doc,
      sort_text = excluded.sort_text, sort_num = excluded.sort_num`.execute(db);
}

export async function deleteSearchRow(db: DB, def: EntityDef, id: number) {
  await sql`delete from search_index where entity = ${def.name} and record_id = ${id}`.execute(db);
}

/** `%term%` for ILIKE, with the user's wildcards taken literally. */
export function likePattern(q: string): string {
  return `%${likeLiteral(q)}%`;
}

/** The term lower-cased, with LIKE's wildcards and escape taken literally. */
const likeLiteral = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

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
 * would, at a fifth of the cost per row checked (ILIKE folds every character of the text again), and folds letters
 * beyond ASCII as the text was folded. The group of the expression captures nothing: PostgreSQL runs a capturing
 * one several times slower, and the expression is checked on every row the index (or a walk) brings.
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
 * PostgreSQL runs at about half the cost of the regular expression (a walk of 20,000 search rows: 16 ms against 31).
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
 * it from the index alone (crud/keyed-search.ts).
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
 * 11,600 matches and ~150,000 such rows (~25 ms for a count up to the cap, where a term without them takes ~3 ms). A
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
 * `apt` and `202` are in millions of rows: a whole appointment number took 115–130 ms at 2M rows. Such a run's trigrams
 * are in few rows, so the index is asked for the run alone and the whole term checked on what it finds (`doc || ''`,
 * which the index does not serve): the same rows, in about a tenth of the time.
 */
export function rareRun(q: string): string | null {
  const runs = q.match(/\d{5,}/g);
  if (!runs) return null;
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.length < q.trim().length ? longest : null;
}

/** Matches of `q` counted before a list says "more than …" (a search box narrows; it need not count a table). */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * Rows of the given entities whose search text contains `q`, as a WITH query planned without the caller's
 * LIMIT (PostgreSQL still runs it only as far as the LIMIT needs). With the LIMIT in view the planner picks
 * a sequential scan that "stops early", but one entity's rows lie together in the table, so it may read the
 * whole of it first; the trigram index costs a few milliseconds whatever the term.
 */
export function matchesOf(entities: string[], q: string): RawBuilder<unknown> {
  return sql`matches as materialized (select entity, record_id, title, subtitle from search_index where ${entityFilter(entities)}${docContains(q)})`;
}

/**
 * `entity = any(…)` for the entities named, or nothing when they are every entity (a superadmin's search): on the
 * demo data a list of every name doubled the embedded database's time for a search (1.1 → 2.3 ms), in planning the
 * list and in a bitmap over the primary key that selects nothing. Otherwise the shorter list: the names left out,
 * or the names kept.
 */
function entityFilter(entities: string[]): RawBuilder<unknown> {
  const kept = new Set(entities);
  const left = ENTITIES.map((e) => e.name).filter((name) => !kept.has(name));
  if (!left.length) return sql``;
  return left.length < kept.size ? sql`entity <> all(${left}::text[]) and ` : sql`entity = any(${[...kept]}::text[]) and `;
}

/**
 * One entity's matches of `q` as a WITH query (see matchesOf for why). `entity = $1`, not `= any(…)`: the planner then
 * reads this entity's own trigram index (migration 0006).
 */
const entityMatches = (entity: string, q: string) => sql`matches as materialized (select record_id from search_index where entity = ${entity} and ${docContains(q)})`;

/** Ids of one entity's records whose search text contains `q`: all of them while there are at most `cap`, else null. */
export async function matchingIds(db: DB, entity: string, q: string, cap: number): Promise<number[] | null> {
  const res = await sql<{ id: number }>`with ${entityMatches(entity, q)} select record_id as id from matches limit ${cap + 1}`.execute(db);
  return res.rows.length > cap ? null : res.rows.map((r) => Number(r.id));
}

/** How many of one entity's records match `q`, counted up to `cap + 1` (matchingIds's count, without sending the ids: ~1 ms less at 1,000). */
export async function matchCount(db: DB, entity: string, q: string, cap: number): Promise<number> {
  const res = await sql<{ n: number }>`with ${entityMatches(entity, q)} select count(*)::int as n from (select 1 from matches limit ${cap + 1}) x`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** Entities whose records the role may read: the details route, else the list. */
export function readableEntities(role: Role): string[] {
  return ENTITIES.filter((e) => canReadRecord(role, e.name) || can(role, e.name, 'list')).map((e) => e.name);
}

export interface SearchHit { entity: string; id: number; title: string; subtitle: string }

/** Candidates ranked by searchRecords: the first this many matches it finds. */
const CANDIDATES = 200;

/** Titles read at most in the title-order index for the records whose title starts with the term (titlesStarting). */
const TITLE_PROBE = 1_000;

/**
 * The first string past every string that starts with `prefix` in code point order (the order of UTF-8 bytes, the
 * "C" collation's): the prefix with its last code point one higher; null when there is none (a last code point at
 * the top of its range, or one higher that is not a character).
 */
export function pastPrefix(prefix: string): string | null {
  const points = Array.from(prefix);
  const last = points.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff || (last >= 0xd7ff && last < 0xe000)) return null;
  return points.join('') + String.fromCodePoint(last + 1);
}

/**
 * Up to CANDIDATES records of the entities whose title starts with the term, read in the order of the titles' index
 * (migration 0012): as a range of it, not as LIKE alone, so that it holds in a plan made once for any term (a prepared
 * statement's), and in its order, reading TITLE_PROBE titles at most: a caller who may read none of the entities whose
 * titles start so (appointments' numbers, to a role without them) does not read them all. A title that lower() folds
 * otherwise than the text was folded (letters beyond ASCII, in a database of the "C" locale) is not found here but by
 * the trigram index, as before.
 */
function titlesStarting(entities: string[], term: string): RawBuilder<unknown> {
  const from = term.toLowerCase();
  const past = pastPrefix(from);
  const key = sql`(lower(title) collate "C")`;
  return sql`select entity, record_id, title, subtitle from (select entity, record_id, title, subtitle from search_index
    where ${key} >= ${from}${past ? sql` and ${key} < ${past}` : sql``} and lower(title) like ${`${likeLiteral(term)}%`}
    order by ${key} limit ${TITLE_PROBE}) x where ${entityFilter(entities)}true limit ${CANDIDATES}`;
}

/**
 * One indexed query across every entity the caller may read. The candidates: the records whose title starts with the
 * term, from the titles' index; when they are fewer than CANDIDATES, the trigram index finds the rest among the
 * records whose text contains it (an appointment's number typed from its start, "APT-2025-0…", whose trigrams are in
 * two million rows, took the trigram index 84–256 ms at 2M appointments; the titles' index answers it in ~1 ms, and
 * its records rank first anyway). The first CANDIDATES are ranked: a title that starts with the term, then the title's
 * likeness to it (the palette ranks what it shows by the title first too: palette/rank.ts). The likeness of the whole
 * search text cost the embedded database 1.5 ms a search on the demo data (its trigrams made for each of 200 texts of
 * up to 2,000 letters), more than half of the search; the title's is a sixth of it.
 */
export async function searchRecords(db: DB, who: ScopeOwner, q: string, limit = 20): Promise<SearchHit[]> {
  const term = q.trim().slice(0, 100);
  const role = who.role;
  if (!role) return [];
  const entities = readableEntities(role);
  if (!term || !entities.length) return [];
  const res = await sql<SearchHit>`
    with starting as materialized (${titlesStarting(entities, term)}),
      ${matchesOf(entities, term)},
      m as (select * from starting union all (select * from matches where (select count(*) from starting) < ${CANDIDATES}
        and (entity, record_id) not in (select entity, record_id from starting)) limit ${CANDIDATES})
    select entity, record_id as id, title, subtitle from m
    order by (lower(title) like ${`${term.toLowerCase()}%`}) desc, similarity(title, ${term.toLowerCase()}) desc, title
    limit ${limit * 3}`.execute(db);
  const hits = await keepInScope(db, who, res.rows.map((r) => ({ ...r, id: Number(r.id) })));
  return hits.slice(0, limit);
}

/** Drops hits of another centre's records for a caller scoped by centre (one query per scoped entity among the hits). */
async function keepInScope(db: DB, who: ScopeOwner, hits: SearchHit[]): Promise<SearchHit[]> {
  const out = new Set(hits);
  for (const name of new Set(hits.map((h) => h.entity))) {
    const def = getEntity(name);
    if (!scoped(def, who)) continue;
    const ids = hits.filter((h) => h.entity === name).map((h) => h.id);
    const kept = await sql<{ id: number }>`select t.id from ${sql.raw(ident(def.table))} t where t.id = any(${ids}::int[]) and ${sql.join(scopeWhere(def, who), sql` and `)}`.execute(db);
    const keep = new Set(kept.rows.map((r) => Number(r.id)));
    for (const h of hits) if (h.entity === name && !keep.has(h.id)) out.delete(h);
  }
  return hits.filter((h) => out.has(h));
}

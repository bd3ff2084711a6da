import { sql, type RawBuilder } from 'kysely';
import { can, canReadRecord, ENTITIES, getEntity, type EntityDef, type HitParts, type Role } from '../../registry';
import { ident } from '../db/entity-table';
import { scoped, scopeWhere, type ScopeOwner } from '../records/scope';
import type { DB } from '../db/connection';
import { withParts, type ReadEntries } from './hit-reads';
import { docContains, likeLiteral } from './text';

/** Words of a term looked for each on its own, at most this many (each is one more look in the trigram index). */
const MAX_WORDS = 6;

/**
 * "The text holds every word of the term", in any order: "prajapat deshpande" finds the appointment whose text holds
 * the patient's name and then the doctor's. A text that holds the term as typed holds each of its words too.
 */
function everyWord(q: string): RawBuilder<unknown> {
  const words = q.trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  return words.length > 1 ? sql`(${sql.join(words.map((w) => docContains(w)), sql` and `)})` : docContains(q);
}

/**
 * A role's readable entities and their filter, made once a role for the process: the registry's rules do not change
 * while it runs, and asking them for every entity at every search was JavaScript each call paid.
 */
const readable = new Map<Role, readonly string[]>();
const filters = new WeakMap<readonly string[], RawBuilder<unknown>>();

/**
 * `entity = any(…)` for the entities named, or nothing when they are every entity (a superadmin's search): on the
 * demo data a list of every name cost the embedded database as much as the search itself, in planning the
 * list and in a bitmap over the primary key that selects nothing. Otherwise the shorter list: the names left out,
 * or the names kept.
 */
function entityFilter(entities: readonly string[]): RawBuilder<unknown> {
  const known = filters.get(entities);
  if (known) return known;
  const kept = new Set(entities);
  const left = ENTITIES.map((e) => e.name).filter((name) => !kept.has(name));
  const filter = !left.length ? sql``
    : left.length < kept.size ? sql`entity <> all(${left}::text[]) and ` : sql`entity = any(${[...kept]}::text[]) and `;
  filters.set(entities, filter);
  return filter;
}

/** Entities whose records the role may read: the details route, else the list. */
export function readableEntities(role: Role): readonly string[] {
  let names = readable.get(role);
  if (!names) {
    names = Object.freeze(ENTITIES.filter((e) => canReadRecord(role, e.name) || can(role, e.name, 'list')).map((e) => e.name));
    readable.set(role, names);
  }
  return names;
}

export interface SearchHit { entity: string; id: number; title: string; subtitle: string; parts?: HitParts }

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
function titlesStarting(entities: readonly string[], term: string): RawBuilder<unknown> {
  const from = term.toLowerCase();
  const past = pastPrefix(from);
  const key = sql`(lower(title) collate "C")`;
  return sql`select entity, record_id, title, subtitle from (select entity, record_id, title, subtitle from search_index
    where ${key} >= ${from}${past ? sql` and ${key} < ${past}` : sql``} and lower(title) like ${`${likeLiteral(term)}%`}
    order by ${key} limit ${TITLE_PROBE}) x where ${entityFilter(entities)}true limit ${CANDIDATES}`;
}

/** Records of one kind returned at most (the palette shows a few of each, and narrows these while the next answer comes). */
export const HITS_PER_KIND = 5;
/** Matches of one kind counted at most: past it the kind's count is "more than" (`more`). */
export const KIND_COUNT_CAP = 50;
/** Kinds answered at most, those of the best hits first: each costs a read of its hits' parts. */
export const KINDS = 20;
/** One kind of record found: how many matched (up to KIND_COUNT_CAP, `more` past it or where counting stopped early). */
export interface SearchGroup { entity: string; count: number; more: boolean }
export interface SearchAnswer { hits: SearchHit[]; groups: SearchGroup[] }
export type { ReadEntries };

type Row = SearchHit & { found: number; titled: number };

/**
 * Across every kind the caller may read, answered by kind: a few records of each and each kind's count, so that a
 * surname five doctors share still shows the payments of the patient of that name (the palette groups its hits).
 * The candidates: the records whose title starts with the term, from the titles' index; when they are fewer than
 * CANDIDATES, the records whose text holds it as well (an appointment's number typed from its start, "APT-2025-0…",
 * whose trigrams are in two million rows, is answered from a short range of the titles' index instead): each kind's
 * first KIND_COUNT_CAP + 1 through its own trigram index (migration 0006), one branch a kind in one statement, so
 * that no kind's matches crowd out another's and each read is bounded by the cap. Each kind's rows are ranked — a
 * title that starts with the term, then the title's likeness to it (the palette ranks what it shows by the title
 * first too: text/rank.ts) — and its first HITS_PER_KIND kept; the kinds of the best hits first, KINDS at most. A
 * kind scoped by centre is counted within the caller's centres alone. `entries`: the read's audit entries, written
 * by the hits' parts' statement (hit-reads.ts).
 *
 * One way for every term. A first statement through the shared trigram index, kept when it held every match, lost
 * on the terms many records hold: at scale 0.2 it overflowed for a common surname and the by-kind statement then
 * started from nothing, and its plan for a term the statistics call common was a sequential scan (q=patel 184 ms of
 * 210). By kind alone, such terms took a tenth to a half of that there, and a term at the demo data 0.6–0.8 ms more
 * (bench/search-figures.md, 30 November).
 */
export async function searchRecords(db: DB, who: ScopeOwner, q: string, entries?: ReadEntries): Promise<SearchAnswer> {
  const term = q.trim().slice(0, 100);
  const role = who.role;
  if (!role) return { hits: [], groups: [] };
  const entities = readableEntities(role);
  if (!term || !entities.length) return { hits: [], groups: [] };
  const starting = titlesStarting(entities, term);
  const gate = sql`(select count(*) from starting) < ${CANDIDATES}`;
  const kinds = sql.join(entities.map((e) => kindRows(getEntity(e), who, term)), sql` union all `);
  const statement = byKind(starting, sql`select * from (${kinds}) k where ${gate}`, entities, who, term);
  // Planned once per connection, not per call: planning a branch a kind weighs every kind's partial index for each,
  // and a common term's search spent more in planning than in running (bench/load-figures.md). Its plan for any
  // term reads each kind's partial trigram index, as a term's own plan does. The statement is prepared
  // (db/prepared.ts), so the generic plan is kept with it; the transaction only scopes the setting, and the hits'
  // parts, planned once too (hit-reads.ts), are read in it rather than in a transaction of their own.
  return db.transaction().execute(async (tx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(tx);
    return answerOf(tx, who, (await statement.execute(tx)).rows, entries);
  });
}

/** One kind's first KIND_COUNT_CAP + 1 matches through its own trigram index (the entity a literal: the partial index applies). */
function kindRows(def: EntityDef, who: ScopeOwner, q: string): RawBuilder<unknown> {
  const scope = scoped(def, who) ? sql` and ${inScope(def, who, sql`record_id`)}` : sql``;
  return sql`(select entity, record_id, title, subtitle from search_index where entity = ${sql.lit(def.name)} and ${everyWord(q)}${scope} limit ${KIND_COUNT_CAP + 1})`;
}

/** The record `id` of `def` is within the caller's centres. */
const inScope = (def: EntityDef, who: ScopeOwner, id: RawBuilder<unknown>) =>
  sql`exists (select 1 from ${sql.raw(ident(def.table))} t where t.id = ${id} and ${sql.join(scopeWhere(def, who), sql` and `)})`;

/** The titles and the matches, each kind's rows ranked and counted, its first HITS_PER_KIND returned, best first. */
function byKind(starting: RawBuilder<unknown>, matches: RawBuilder<unknown>, entities: readonly string[], who: ScopeOwner, term: string) {
  const folded = term.toLowerCase();
  const scopedKinds = entities.map(getEntity).filter((def) => scoped(def, who));
  const kept = scopedKinds.length
    ? sql` where ${sql.join(scopedKinds.map((def) => sql`(f.entity <> ${def.name} or ${inScope(def, who, sql`f.record_id`)})`), sql` and `)}`
    : sql``;
  return sql<Row>`
    with starting as materialized (${starting}),
      matches as materialized (${matches}),
      found as (select * from starting union select * from matches),
      ranked as (select entity, record_id, title, subtitle,
        (lower(title) like ${`${likeLiteral(folded)}%`}) as starts, similarity(title, ${folded}) as likeness,
        count(*) over (partition by entity) as found
        from found f${kept}),
      numbered as (select *, row_number() over (partition by entity order by starts desc, likeness desc, title, record_id) as n from ranked)
    select entity, record_id as id, title, subtitle, found, (select count(*) from starting) as titled
    from numbered where n <= ${HITS_PER_KIND}
    order by starts desc, likeness desc, title, record_id`;
}

async function answerOf(db: DB, who: ScopeOwner, rows: Row[], entries?: ReadEntries): Promise<SearchAnswer> {
  // With CANDIDATES titles that start with the term, no kind's matches were counted: each may have more.
  const uncounted = rows.some((r) => Number(r.titled) >= CANDIDATES);
  const kinds: string[] = [];
  const groups: SearchGroup[] = [];
  for (const row of rows) {
    if (kinds.includes(row.entity) || kinds.length >= KINDS) continue;
    kinds.push(row.entity);
    const found = Number(row.found);
    groups.push({ entity: row.entity, count: Math.min(found, KIND_COUNT_CAP), more: uncounted || found > KIND_COUNT_CAP });
  }
  const hits = rows.filter((r) => kinds.includes(r.entity)).map((r) => ({ entity: r.entity, id: Number(r.id), title: r.title, subtitle: r.subtitle }));
  return { hits: await withParts(db, who, hits, entries), groups };
}

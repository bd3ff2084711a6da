import { sql, type RawBuilder } from 'kysely';
import { can, canReadRecord, ENTITIES, getEntity, hitFields, hitPartsOf, type HitParts, type Role } from '../../registry';
import { col } from '../crud/columns';
import { attachLabels } from '../crud/labels';
import { ident } from '../db/entity-table';
import { scoped, scopeWhere, type ScopeOwner } from '../crud/scope';
import type { DB } from '../db/connection';
import { docContains, likeLiteral } from './text';

/**
 * Rows of the given entities whose search text contains `q`, as a WITH query planned without the caller's
 * LIMIT (PostgreSQL still runs it only as far as the LIMIT needs). With the LIMIT in view the planner picks
 * a sequential scan that "stops early", but one entity's rows lie together in the table, so it may read the
 * whole of it first; the trigram index reads about as much whatever the term.
 */
function matchesOf(entities: string[], q: string): RawBuilder<unknown> {
  return sql`matches as materialized (select entity, record_id, title, subtitle from search_index where ${entityFilter(entities)}${everyWord(q)})`;
}

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
 * `entity = any(…)` for the entities named, or nothing when they are every entity (a superadmin's search): on the
 * demo data a list of every name cost the embedded database as much as the search itself, in planning the
 * list and in a bitmap over the primary key that selects nothing. Otherwise the shorter list: the names left out,
 * or the names kept.
 */
function entityFilter(entities: string[]): RawBuilder<unknown> {
  const kept = new Set(entities);
  const left = ENTITIES.map((e) => e.name).filter((name) => !kept.has(name));
  if (!left.length) return sql``;
  return left.length < kept.size ? sql`entity <> all(${left}::text[]) and ` : sql`entity = any(${[...kept]}::text[]) and `;
}

/** Entities whose records the role may read: the details route, else the list. */
export function readableEntities(role: Role): string[] {
  return ENTITIES.filter((e) => canReadRecord(role, e.name) || can(role, e.name, 'list')).map((e) => e.name);
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
 * two million rows, makes the trigram index read all of them; the titles' index answers it from a short range, and
 * its records rank first anyway). The first CANDIDATES are ranked: a title that starts with the term, then the title's
 * likeness to it (the palette ranks what it shows by the title first too: palette/rank.ts). The likeness of the whole
 * search text cost more than the rest of the search (its trigrams made for each of 200 texts of up to 2,000
 * letters); the title's is a fraction of it.
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
  return withParts(db, who, hits.slice(0, limit));
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

/**
 * The hits, each with its parts (registry/hit-parts.ts): one read per entity among the hits, by id, under the
 * caller's centres where the entity is scoped, and one for the titles of the references among the parts.
 */
async function withParts(db: DB, who: ScopeOwner, hits: SearchHit[]): Promise<SearchHit[]> {
  const parts = new Map<string, HitParts>();
  for (const name of new Set(hits.map((h) => h.entity))) {
    const def = getEntity(name);
    const ids = hits.filter((h) => h.entity === name).map((h) => h.id);
    const fields = hitFields(def);
    const columns = sql.raw(['t.id', ...fields.map((k) => `${col(def, k)} as "${k}"`)].join(', '));
    const scope = scoped(def, who) ? sql` and ${sql.join(scopeWhere(def, who), sql` and `)}` : sql``;
    const rows = (await sql<Record<string, unknown>>`select ${columns} from ${sql.raw(ident(def.table))} t where t.id = any(${ids}::int[])${scope}`.execute(db)).rows;
    await attachLabels(db, def, rows);
    for (const row of rows) parts.set(`${name}:${row.id}`, hitPartsOf(fields, row));
  }
  // A hit whose record was not read (scope was kept before: keepInScope) is said by its stored title alone.
  return hits.map((h) => ({ ...h, parts: parts.get(`${h.entity}:${h.id}`) }));
}

import { sql, type RawBuilder } from 'kysely';
import { getEntity, hitFields, hitPartsOf, holdsPatientData, shownKind, type EntityDef, type FieldDef, type HitParts } from '../../registry';
import { toIso, type DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { col } from '../records/columns';
import { centreSql, patientsSql } from '../records/read-entry-sql';
import { scoped, scopeWhere, type ScopeOwner } from '../records/scope';

/** A palette hit as the search statement found it (its stored title and subtitle), before its parts. */
export interface FoundHit { entity: string; id: number; title: string; subtitle: string; parts?: HitParts }

/**
 * The read's audit entries as the data-modifying part of the parts' statement, made by the caller (the audit stands
 * above this wing: audit/audit.ts `recordsReadInsert`). `kinds` selects one row a kind of patient data among the
 * hits: entity, record_ids (the kind's hits, sorted), fmc, patients, i (the kinds' order).
 */
export type ReadEntries = (kinds: RawBuilder<unknown>) => RawBuilder<unknown>;

/**
 * What a kind's hits read and say, the same at every call: its hit fields, the references among them whose title a
 * hit carries (a `refs` field's titles are not said: hitPartsOf keeps strings only), and its branch of the parts'
 * statement up to its ids (kindBranch). Made once a kind for the process, as registry/owned.ts keeps its fields: the
 * registry derives hitFields anew at each call, and a surname's six kinds asked it 24 times a search.
 */
interface KindReads { fields: string[]; refs: string[]; select: RawBuilder<unknown> }
const kindReads = new WeakMap<EntityDef, KindReads>();

function readsOf(def: EntityDef): KindReads {
  const known = kindReads.get(def);
  if (known) return known;
  const fields = hitFields(def);
  const refs = fields.filter((k) => def.fields[k].kind === 'ref');
  const pairs = fields.map((k) => sql`${k}::text, ${sql.raw(col(def, k))}`);
  const entry = holdsPatientData(def) ? sql`${centreSql(def)}::int as c, ${patientsSql(def)}::int[] as p` : sql`null::int as c, null::int[] as p`;
  const targets = refs.map((k) => sql`json_build_object('e', ${def.fields[k].ref!}::text, 'id', ${sql.raw(col(def, k))})`);
  const select = sql`select ${def.name}::text as e, t.id, json_build_object(${sql.join(pairs)}) as r, ${targets.length ? sql`json_build_array(${sql.join(targets)})` : sql`'[]'::json`} as refs, ${entry} from ${sql.raw(ident(def.table))} t`;
  const made = { fields, refs, select };
  kindReads.set(def, made);
  return made;
}

/**
 * One kind's hits as one branch of the union: each record's hit fields in one JSON object (their columns differ by
 * kind), its references as (entity, id) pairs for the titles' read, and, for patient data, its centre and patients
 * for the read's entry (`c`, `p`).
 */
function kindBranch(def: EntityDef, ids: number[], who: ScopeOwner): RawBuilder<unknown> {
  const scope = scoped(def, who) ? sql` and ${sql.join(scopeWhere(def, who), sql` and `)}` : sql``;
  return sql`${readsOf(def).select} where t.id = any(${ids}::int[])${scope}`;
}

/** A value as JSON gives it back as the drivers give the column (db/connection.ts): an ISO instant, a time to the minute. */
function fromJson(fd: FieldDef, v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const kind = shownKind(fd);
  if (kind === 'datetime') return toIso(v);
  if (kind === 'time') return v.slice(0, 5);
  return v;
}

/**
 * The hits, each with its parts (registry/hit-parts.ts), in ONE statement: a branch per kind among the hits, by id,
 * under the caller's centres where the kind is scoped, then the titles of their references. A read a kind and one
 * for the titles were 12 of a surname's 13 statements, each a round of the embedded database's protocol
 * (bench/load-figures.md). The titles are the targets' search rows' (`search_index.title`, kept in the writer's
 * transaction: search-rows.ts), the text records/labels.ts makes from the target's title fields, read by the unique
 * (entity, record_id) key in one join after the union: asked in each branch, the planner weighed search_index's
 * partial trigram indexes once per reference, 26 ms of planning for a surname's hits against 1.7 ms (bench/search-figures.md).
 * A reference to no record says `#id`, as there.
 *
 * `tx`: a transaction under force_generic_plan (the search's, palette.ts): the statement reads by primary and unique
 * keys alone, so the plan its prepared statement keeps, made once for any ids, is the one made for these, and making
 * it again was a fifth of the statement's CPU (q=sharma's parts at the demo data 7.2 ms of CPU a call planned each
 * time, 5.6 kept: bench/search-figures.md, 29 November 14:15).
 *
 * `entries`: the read's audit entries, written by this same statement (a data-modifying part, which PostgreSQL runs
 * to its end whatever the rest reads), so the read and its entries are one round trip and one commit. A kind's entry
 * names every hit of it sent, and is made from the records read here: their centre (one, only when every hit's
 * record was read and all share it) and their patients, as audit/audit.ts recordsReadEntry makes it.
 */
export async function withParts(tx: DB, who: ScopeOwner, hits: readonly FoundHit[], entries?: ReadEntries): Promise<FoundHit[]> {
  const kinds = [...new Set(hits.map((h) => h.entity))].map(getEntity);
  if (!kinds.length) return [];
  const idsOf = (def: EntityDef) => hits.filter((h) => h.entity === def.name).map((h) => h.id);
  const branches = kinds.map((def) => kindBranch(def, idsOf(def), who));
  const audited = entries ? kinds.filter(holdsPatientData) : [];
  const written = audited.length ? sql`, entries as (${entries!(entryRows(audited.map((def) => ({ e: def.name, ids: [...new Set(idsOf(def))].sort((a, b) => a - b) }))))})` : sql``;
  const statement = sql<{ e: string; id: number; r: Record<string, unknown> | null; title: string | null }>`
    with x as materialized (${sql.join(branches, sql` union all `)}),
      refs as (select distinct v.e, v.id from x cross join json_to_recordset(x.refs) v(e text, id int) where v.id is not null)${written}
    select x.e, x.id, x.r, null::text as title from x
    union all select s.entity, s.record_id, null, s.title from search_index s join refs on s.entity = refs.e and s.record_id = refs.id`;
  const { rows } = await statement.execute(tx);
  const titles = new Map(rows.filter((row) => row.r === null).map((row) => [`${row.e}:${row.id}`, row.title]));
  const titleOf = (target: string, v: unknown) => (v === null || v === undefined ? null : (titles.get(`${target}:${v}`) ?? `#${v}`));
  const parts = new Map<string, HitParts>();
  for (const { e, id, r } of rows) {
    if (r === null) continue;
    const def = getEntity(e);
    const { fields, refs } = readsOf(def);
    const record: Record<string, unknown> = { id, _labels: Object.fromEntries(refs.map((k) => [k, titleOf(def.fields[k].ref!, r[k])])) };
    for (const k of fields) record[k] = fromJson(def.fields[k], r[k]);
    parts.set(`${e}:${id}`, hitPartsOf(fields, record));
  }
  // A hit whose record was not read (its kind's rows were kept to the caller's centres already) is said by its stored title alone.
  return hits.map((h) => ({ ...h, parts: parts.get(`${h.entity}:${h.id}`) }));
}

/**
 * One row a kind for its entry, from the records read (`x`): the kind's hits' ids (sorted, as given), its centre when
 * every hit's record was read and one centre holds them all, and the distinct patients of the records read (null for none).
 */
function entryRows(kinds: { e: string; ids: number[] }[]): RawBuilder<unknown> {
  return sql`select k.e as entity, k.ids as record_ids, k.i,
      case when count(x.id) = cardinality(k.ids) and count(distinct x.c) = 1 and count(x.c) = count(x.id) then min(x.c) end as fmc,
      (select array_agg(distinct u.p order by u.p) from x y cross join unnest(y.p) u(p) where y.e = k.e and u.p is not null) as patients
    from (select v ->> 'e' as e, array(select jsonb_array_elements_text(v -> 'ids')::int) as ids, i
      from jsonb_array_elements(${JSON.stringify(kinds)}::jsonb) with ordinality g(v, i)) k
    left join x on x.e = k.e
    group by k.e, k.ids, k.i`;
}

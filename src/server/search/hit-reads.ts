import { sql, type RawBuilder } from 'kysely';
import { getEntity, hitFields, hitPartsOf, holdsPatientData, patientFieldsOf, shownKind, type EntityDef, type FieldDef, type HitParts } from '../../registry';
import { toIso, type DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { col } from '../records/columns';
import { scoped, scopeWhere, type ScopeOwner } from '../records/scope';

/** A palette hit as the search statement found it (its stored title and subtitle), before its parts. */
export interface FoundHit { entity: string; id: number; title: string; subtitle: string; parts?: HitParts }
/** The records of patient data the hits' parts were read from, with the fields their read's audit entry is made of. */
export interface RecordsRead { entity: string; records: Record<string, unknown>[] }

/** Where a read's audit entry takes a record's centre and patients from (audit/audit.ts, recordsReadEntry). */
const entryFields = (def: EntityDef) => (holdsPatientData(def)
  ? [...new Set([...(def.scope && def.scope !== 'id' ? [def.scope] : []), ...patientFieldsOf(def).map((f) => f.field)])]
  : []);
/** Keys beside the fields' in a hit's row: names no field has. */
const ENTRY = 'entry:';

/** The references among a kind's hit fields whose title a hit carries (a `refs` field's titles are not said: hitPartsOf keeps strings only). */
const labelled = (def: EntityDef) => hitFields(def).filter((k) => def.fields[k].kind === 'ref');

/**
 * One kind's hits as one branch of the union: each record's hit fields and its entry's fields in one JSON object
 * (their columns differ by kind), and its references as (entity, id) pairs for the titles' read.
 */
function kindBranch(def: EntityDef, ids: number[], who: ScopeOwner): RawBuilder<unknown> {
  const pairs = [
    ...hitFields(def).map((k) => sql`${k}::text, ${sql.raw(col(def, k))}`),
    ...entryFields(def).map((k) => sql`${`${ENTRY}${k}`}::text, ${sql.raw(col(def, k))}`),
  ];
  const scope = scoped(def, who) ? sql` and ${sql.join(scopeWhere(def, who), sql` and `)}` : sql``;
  const refs = labelled(def).map((k) => sql`json_build_object('e', ${def.fields[k].ref!}::text, 'id', ${sql.raw(col(def, k))})`);
  return sql`select ${def.name}::text as e, t.id, json_build_object(${sql.join(pairs)}) as r, ${refs.length ? sql`json_build_array(${sql.join(refs)})` : sql`'[]'::json`} as refs from ${sql.raw(ident(def.table))} t where t.id = any(${ids}::int[])${scope}`;
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
 */
export async function withParts(db: DB, who: ScopeOwner, hits: readonly FoundHit[]): Promise<{ hits: FoundHit[]; read: RecordsRead[] }> {
  const kinds = [...new Set(hits.map((h) => h.entity))].map(getEntity);
  if (!kinds.length) return { hits: [], read: [] };
  const branches = kinds.map((def) => kindBranch(def, hits.filter((h) => h.entity === def.name).map((h) => h.id), who));
  const rows = (await sql<{ e: string; id: number; r: Record<string, unknown> | null; title: string | null }>`
    with x as materialized (${sql.join(branches, sql` union all `)}),
      refs as (select distinct v.e, v.id from x cross join json_to_recordset(x.refs) v(e text, id int) where v.id is not null)
    select x.e, x.id, x.r, null::text as title from x
    union all select s.entity, s.record_id, null, s.title from search_index s join refs on s.entity = refs.e and s.record_id = refs.id`.execute(db)).rows;
  const titles = new Map(rows.filter((row) => row.r === null).map((row) => [`${row.e}:${row.id}`, row.title]));
  const titleOf = (target: string, v: unknown) => (v === null || v === undefined ? null : (titles.get(`${target}:${v}`) ?? `#${v}`));
  const parts = new Map<string, HitParts>();
  const read = new Map<string, Record<string, unknown>[]>();
  for (const { e, id, r } of rows) {
    if (r === null) continue;
    const def = getEntity(e);
    const fields = hitFields(def);
    const record: Record<string, unknown> = { id, _labels: Object.fromEntries(labelled(def).map((k) => [k, titleOf(def.fields[k].ref!, r[k])])) };
    for (const k of fields) record[k] = fromJson(def.fields[k], r[k]);
    parts.set(`${e}:${id}`, hitPartsOf(fields, record));
    if (holdsPatientData(def)) read.set(e, [...(read.get(e) ?? []), { id, ...Object.fromEntries(entryFields(def).map((k) => [k, r[`${ENTRY}${k}`]])) }]);
  }
  return {
    // A hit whose record was not read (its kind's rows were kept to the caller's centres already) is said by its stored title alone.
    hits: hits.map((h) => ({ ...h, parts: parts.get(`${h.entity}:${h.id}`) })),
    read: kinds.filter(holdsPatientData).map((def) => ({ entity: def.name, records: read.get(def.name) ?? [] })),
  };
}

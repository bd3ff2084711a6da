import { sql, type RawBuilder } from 'kysely';
import { columnsOf, getEntity, type EntityDef, type WorklistDef } from '../../registry';
import type { DB } from '../db/connection';
import { column, table } from './screen-query';

/**
 * A worklist's rule (registry WORKLISTS) as SQL over its entity's table (alias `t`): one text array of what a
 * record lacks, empty when it lacks nothing. A record is on the list when the array has an item.
 *   missing: ['bio', …]        a field that is blank (null, empty text, empty list)
 *   emptyList: 'clinics'       the list field has no items
 *   incompleteItems            'clinics.pincode': some item of the list lacks that field
 *   via: 'appointments.prescription'  a record of the other entity (a completed appointment) refers to it and
 *                              has no prescription lines; its count comes with the page (viaCounts)
 */
const sqlType = (def: EntityDef, field: string) => {
  const spec = columnsOf(def, (e) => getEntity(e).table).find((c) => c.field === field);
  if (!spec) throw new Error(`${def.name} has no field ${field}`);
  return spec.type;
};

/** "This field holds nothing": null, blank text, an empty list or array. */
export function blank(def: EntityDef, field: string, alias = 't'): RawBuilder<unknown> {
  const c = column(def, field, alias);
  const type = sqlType(def, field);
  if (type === 'text') return sql`coalesce(btrim(${c}), '') = ''`;
  if (type === 'jsonb') return sql`coalesce(jsonb_array_length(${c}), 0) = 0`;
  if (type.endsWith('[]')) return sql`coalesce(cardinality(${c}), 0) = 0`;
  return sql`${c} is null`;
}

/** The completed appointments (or whichever `via` names) of record `t` that have no lines in their list. */
function viaCondition(w: WorklistDef, alias: string, owner: RawBuilder<unknown>): RawBuilder<unknown> {
  const via = w.via!;
  const other = getEntity(via.entity);
  const status = other.workflow?.field ?? 'status';
  return sql`${column(other, via.field, alias)} = ${owner} and ${column(other, status, alias)} = ${via.status} and ${blank(other, via.emptyList, alias)}`;
}

/**
 * SQL of a worklist's rule over its table (alias `t`): `joins` to add after the table, `missing` the text array of
 * what record `t` lacks. The `via` probe is a LATERAL subquery with LIMIT 1, run per record through the index of
 * the referring field: as an EXISTS, the planner may hash the whole of the other table's matching rows instead
 * (every completed appointment, to answer for a page of doctors).
 */
export function ruleSql(w: WorklistDef): { joins: RawBuilder<unknown>; missing: RawBuilder<unknown> } {
  const def = getEntity(w.entity);
  const parts: RawBuilder<unknown>[] = [];
  for (const f of w.missing ?? []) parts.push(sql`case when ${blank(def, f)} then ${f} end`);
  if (w.emptyList) parts.push(sql`case when ${blank(def, w.emptyList)} then ${w.emptyList} end`);
  if (w.incompleteItems) {
    const { list, fields } = w.incompleteItems;
    for (const f of fields) {
      if (!def.fields[list]?.item?.[f]) throw new Error(`${def.name}.${list} items have no field ${f}`);
      parts.push(sql`case when exists (select 1 from jsonb_array_elements(coalesce(${column(def, list)}, '[]'::jsonb)) as item where coalesce(btrim(item ->> ${f}), '') = '') then ${`${list}.${f}`} end`);
    }
  }
  let joins = sql``;
  if (w.via) {
    const other = getEntity(w.via.entity);
    joins = sql`left join lateral (select true as hit from ${table(other)} v where ${viaCondition(w, 'v', sql`t.id`)} limit 1) via on true`;
    parts.push(sql`case when via.hit then ${`${w.via.entity}.${w.via.emptyList}`} end`);
  }
  if (!parts.length) throw new Error(`worklist ${w.id} has no rule`);
  return { joins, missing: sql`array_remove(array[${sql.join(parts)}]::text[], null)` };
}

/** For a `via` rule: how many such records each of the page's records has (one query, grouped). */
export async function viaCounts(db: DB, w: WorklistDef, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!w.via || !ids.length) return out;
  const other = getEntity(w.via.entity);
  const owner = column(other, w.via.field, 'v');
  const res = await sql<{ id: number; n: number }>`select ${owner} as id, count(*)::int as n from ${table(other)} v
    where ${viaCondition(w, 'v', sql`any(${ids}::int[])`)} group by 1`.execute(db);
  for (const r of res.rows) out.set(Number(r.id), r.n);
  return out;
}

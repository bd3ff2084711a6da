import { sql } from 'kysely';
import { getEntity, titleOf, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { selectList } from './columns';

/**
 * Labels for the references of a page of records, one query per referenced entity (never one per row).
 * Each record gets `_labels: { field: "label" | ["label", …] }`.
 */
export async function attachLabels(db: DB, def: EntityDef, records: Record<string, unknown>[]): Promise<void> {
  const refFields = Object.entries(def.fields).filter(([, fd]) => fd.kind === 'ref' || fd.kind === 'refs');
  if (!refFields.length || !records.length) return;
  const idsByEntity = new Map<string, Set<number>>();
  for (const [k, fd] of refFields) {
    const set = idsByEntity.get(fd.ref!) ?? new Set<number>();
    for (const r of records) {
      const v = r[k];
      if (Array.isArray(v)) v.forEach((id) => set.add(Number(id)));
      else if (v !== null && v !== undefined) set.add(Number(v));
    }
    idsByEntity.set(fd.ref!, set);
  }
  const labels = new Map<string, Map<number, string>>();
  for (const [entity, ids] of idsByEntity) {
    const target = getEntity(entity);
    const map = new Map<number, string>();
    if (ids.size) {
      const rows = await sql<Record<string, unknown>>`select ${selectList(target)} from ${sql.raw(ident(target.table))} t where t.id = any(${[...ids]}::int[])`.execute(db);
      for (const row of rows.rows) map.set(Number(row.id), titleOf(target, row));
    }
    labels.set(entity, map);
  }
  for (const r of records) {
    const l: Record<string, string | string[] | null> = {};
    for (const [k, fd] of refFields) {
      const map = labels.get(fd.ref!)!;
      const v = r[k];
      l[k] = Array.isArray(v) ? v.map((id) => map.get(Number(id)) ?? `#${id}`) : v === null || v === undefined ? null : (map.get(Number(v)) ?? `#${v}`);
    }
    r._labels = l;
  }
}

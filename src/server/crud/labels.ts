import { sql } from 'kysely';
import { getEntity, titleOf, type EntityDef, type FieldDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { titleSelectList } from './columns';

type Labels = Record<string, string | string[] | null | Record<string, string | null>[]>;

const isRef = (fd: FieldDef) => fd.kind === 'ref' || fd.kind === 'refs';
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : v === null || v === undefined || v === '' ? [] : [Number(v)]);

/**
 * Labels for the references of a page of records, one query per referenced entity (never one per row), reading only
 * the columns of the target's title (whole rows cost a 2,000,000-appointment page half its time).
 * Each record gets `_labels: { field: "label" | ["label", …] }`; a nested list gets one object per item
 * (`_labels.familyMembers = [{ relationship: "Spouse" }, …]`).
 */
export async function attachLabels(db: DB, def: EntityDef, records: Record<string, unknown>[]): Promise<void> {
  const refFields = Object.entries(def.fields).filter(([, fd]) => isRef(fd));
  const listFields = Object.entries(def.fields)
    .filter(([, fd]) => fd.kind === 'list' && Object.values(fd.item ?? {}).some(isRef))
    .map(([k, fd]) => [k, Object.entries(fd.item!).filter(([, ifd]) => isRef(ifd))] as const);
  if ((!refFields.length && !listFields.length) || !records.length) return;

  const wanted = new Map<string, Set<number>>();
  const want = (entity: string, ids: number[]) => {
    const set = wanted.get(entity) ?? new Set<number>();
    ids.forEach((id) => set.add(id));
    wanted.set(entity, set);
  };
  for (const r of records) {
    for (const [k, fd] of refFields) want(fd.ref!, idsOf(r[k]));
    for (const [k, items] of listFields) {
      for (const item of (r[k] as Record<string, unknown>[] | null) ?? []) for (const [ik, ifd] of items) want(ifd.ref!, idsOf(item[ik]));
    }
  }

  const titles = new Map<string, Map<number, string>>();
  for (const [entity, ids] of wanted) {
    const target = getEntity(entity);
    const map = new Map<number, string>();
    if (ids.size) {
      const rows = await sql<Record<string, unknown>>`select ${titleSelectList(target)} from ${sql.raw(ident(target.table))} t where t.id = any(${[...ids]}::int[])`.execute(db);
      for (const row of rows.rows) map.set(Number(row.id), titleOf(target, row));
    }
    titles.set(entity, map);
  }
  const label = (entity: string, v: unknown) => {
    const map = titles.get(entity)!;
    if (Array.isArray(v)) return v.map((id) => map.get(Number(id)) ?? `#${id}`);
    return v === null || v === undefined || v === '' ? null : (map.get(Number(v)) ?? `#${v}`);
  };

  for (const r of records) {
    const l: Labels = {};
    for (const [k, fd] of refFields) l[k] = label(fd.ref!, r[k]) as string | string[] | null;
    for (const [k, items] of listFields) {
      l[k] = ((r[k] as Record<string, unknown>[] | null) ?? []).map((item) => Object.fromEntries(items.map(([ik, ifd]) => [ik, label(ifd.ref!, item[ik]) as string | null])));
    }
    r._labels = l;
  }
}

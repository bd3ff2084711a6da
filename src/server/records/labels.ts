import { sql, type RawBuilder } from 'kysely';
import { getEntity, shownKind, titleOf, type EntityDef, type FieldDef } from '../../registry';
import { toIso, type DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { col } from './columns';

type Labels = Record<string, string | string[] | null | Record<string, string | null>[]>;

const isRef = (fd: FieldDef) => fd.kind === 'ref' || fd.kind === 'refs';
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : v === null || v === undefined || v === '' ? [] : [Number(v)]);

/**
 * Labels for the references of a page of records, one query for them all (never one per row), reading only
 * the columns of the target's title (whole rows cost a 2,000,000-appointment page half its time).
 * Each record gets `_labels: { field: "label" | ["label", …] }`; a nested list gets one object per item
 * (`_labels.familyMembers = [{ relationship: "Spouse" }, …]`).
 */
/** Most title fields are text; these come back from `::text` as the driver would not give them (connection.ts). */
function fromText(fd: FieldDef, v: string | null): unknown {
  if (v === null) return null;
  const kind = shownKind(fd);
  if (kind === 'int' || kind === 'decimal' || kind === 'money') return Number(v);
  if (kind === 'time') return v.slice(0, 5);
  if (kind === 'datetime') return toIso(v);
  return v;
}

/**
 * The titles of every record referred to, all entities in one statement (a union of one indexed id lookup each):
 * a page that refers to a doctor, a patient and a clinic asks the database once, not three times, and each round
 * trip is a good part of a list page's cost at fifty staff at once (issue 8). Title columns are read as text, so the
 * branches of the union agree on their columns.
 */
async function titlesOf(db: DB, wanted: Map<string, Set<number>>): Promise<Map<string, Map<number, string>>> {
  const titles = new Map<string, Map<number, string>>();
  const parts: RawBuilder<unknown>[] = [];
  const width = Math.max(0, ...[...wanted.keys()].map((e) => getEntity(e).titleFields.length));
  for (const [entity, ids] of wanted) {
    titles.set(entity, new Map());
    if (!ids.size) continue;
    const target = getEntity(entity);
    const columns = Array.from({ length: width }, (_, i) => {
      const k = target.titleFields[i];
      return k ? sql.raw(`(${col(target, k)})::text as f${i}`) : sql.raw(`null::text as f${i}`);
    });
    parts.push(sql`select ${entity}::text as e, t.id${sql.raw(width ? ', ' : '')}${sql.join(columns)} from ${sql.raw(ident(target.table))} t where t.id = any(${[...ids]}::int[])`);
  }
  if (!parts.length) return titles;
  const rows = await sql<Record<string, string | number | null>>`${sql.join(parts, sql` union all `)}`.execute(db);
  for (const row of rows.rows) {
    const entity = String(row.e);
    const target = getEntity(entity);
    const values = Object.fromEntries(target.titleFields.map((k, i) => [k, fromText(target.fields[k], row[`f${i}`] as string | null)]));
    titles.get(entity)!.set(Number(row.id), titleOf(target, values));
  }
  return titles;
}

export async function attachLabels(db: DB, def: EntityDef, records: Record<string, unknown>[]): Promise<void> {
  await attachLabelsOfKinds(db, [{ def, records }]);
}

/**
 * The same for records of several entities at once (the palette's hits, a few of each kind): one statement for all
 * their references, where a call of attachLabels a kind was one statement each.
 */
export async function attachLabelsOfKinds(db: DB, kinds: readonly { def: EntityDef; records: Record<string, unknown>[] }[]): Promise<void> {
  const refsOf = kinds.map(({ def, records }) => ({
    records,
    refFields: Object.entries(def.fields).filter(([, fd]) => isRef(fd)),
    listFields: Object.entries(def.fields)
      .filter(([, fd]) => fd.kind === 'list' && Object.values(fd.item ?? {}).some(isRef))
      .map(([k, fd]) => [k, Object.entries(fd.item!).filter(([, ifd]) => isRef(ifd))] as const),
  })).filter((x) => (x.refFields.length || x.listFields.length) && x.records.length);
  if (!refsOf.length) return;

  const wanted = new Map<string, Set<number>>();
  const want = (entity: string, ids: number[]) => {
    const set = wanted.get(entity) ?? new Set<number>();
    ids.forEach((id) => set.add(id));
    wanted.set(entity, set);
  };
  for (const { records, refFields, listFields } of refsOf) {
    for (const r of records) {
      for (const [k, fd] of refFields) want(fd.ref!, idsOf(r[k]));
      for (const [k, items] of listFields) {
        for (const item of (r[k] as Record<string, unknown>[] | null) ?? []) for (const [ik, ifd] of items) want(ifd.ref!, idsOf(item[ik]));
      }
    }
  }

  const titles = await titlesOf(db, wanted);
  const label = (entity: string, v: unknown) => {
    const map = titles.get(entity)!;
    if (Array.isArray(v)) return v.map((id) => map.get(Number(id)) ?? `#${id}`);
    return v === null || v === undefined || v === '' ? null : (map.get(Number(v)) ?? `#${v}`);
  };

  for (const { records, refFields, listFields } of refsOf) {
    for (const r of records) {
      const l: Labels = {};
      for (const [k, fd] of refFields) l[k] = label(fd.ref!, r[k]) as string | string[] | null;
      for (const [k, items] of listFields) {
        l[k] = ((r[k] as Record<string, unknown>[] | null) ?? []).map((item) => Object.fromEntries(items.map(([ik, ifd]) => [ik, label(ifd.ref!, item[ik]) as string | null])));
      }
      r._labels = l;
    }
  }
}

import { sql } from 'kysely';
import { can, canReadRecord, getEntity, ROLES, titleOf, type EntityDef, type Role } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { col } from '../records/columns';

/**
 * What a record is found by beyond its own fields: the titles of the records it refers to (an appointment by its
 * patient's, doctor's and centre's names), and their phone numbers where that tells nobody more than they may read.
 * Derived from the registry: every `ref` and `refs` field of the entity, whatever it points at.
 */

const mayRead = (role: Role, entity: string) => canReadRecord(role, entity) || can(role, entity, 'list');

/** The reference fields of an entity (top level: a prescription line's medicine is not what the visit is about). */
export function referenceFields(def: EntityDef): { field: string; target: EntityDef }[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => (fd.kind === 'ref' || fd.kind === 'refs') && fd.ref)
    .map(([field, fd]) => ({ field, target: getEntity(fd.ref!) }));
}

/**
 * The target's searchable phone fields, when they may be in the referrer's search text: only if every role that may
 * read the referrer may read the target's records (and so its phones). A membership card, open to every role, is not
 * found by its patient's phone, or fmc staff could tell whose number one is; an appointment (superadmin and admin,
 * who read patients) is.
 */
export function referencePhoneFields(def: EntityDef, target: EntityDef): string[] {
  const readers = ROLES.filter((r) => mayRead(r, def.name));
  if (!readers.every((r) => mayRead(r, target.name))) return [];
  return Object.entries(target.fields).filter(([, fd]) => fd.kind === 'phone' && fd.searchable && !fd.writeOnly).map(([k]) => k);
}

const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : v === null || v === undefined || v === '' ? [] : [Number(v)]);

/**
 * For each record (by id), the texts of its references: each target's title, then its phones where allowed. One
 * statement for them all (a union of one primary-key lookup per entity referred to): every write of a record reads
 * them, and an appointment refers to six entities.
 */
export async function referenceTexts(db: DB, def: EntityDef, rows: readonly Record<string, unknown>[]): Promise<Map<number, string[]>> {
  const refs = referenceFields(def);
  const out = new Map<number, string[]>(rows.map((r) => [Number(r.id), []]));
  if (!refs.length || !rows.length) return out;
  const wanted = new Map<string, Set<number>>();
  for (const r of rows) for (const { field, target } of refs) {
    const set = wanted.get(target.name) ?? new Set<number>();
    for (const id of idsOf(r[field])) if (Number.isInteger(id) && id > 0) set.add(id);
    wanted.set(target.name, set);
  }
  const texts = await targetTexts(db, def, wanted);
  for (const r of rows) {
    const list = out.get(Number(r.id))!;
    for (const { field, target } of refs) {
      const phones = referencePhoneFields(def, target);
      for (const id of idsOf(r[field])) {
        const t = texts.get(target.name)?.get(id);
        if (!t) continue;
        if (t.title) list.push(t.title);
        for (const k of phones) if (t.phones[k]) list.push(String(t.phones[k]));
      }
    }
  }
  return out;
}

type TargetText = { title: string; phones: Record<string, unknown> };

/** The titles and phones of the records wanted, by entity and id, in one statement (each branch's fields as JSON). */
async function targetTexts(db: DB, def: EntityDef, wanted: Map<string, Set<number>>): Promise<Map<string, Map<number, TargetText>>> {
  const texts = new Map<string, Map<number, TargetText>>();
  const branches = [];
  for (const [name, ids] of wanted) {
    texts.set(name, new Map());
    if (!ids.size) continue;
    const target = getEntity(name);
    const fields = [...new Set([...target.titleFields, ...referencePhoneFields(def, target)])];
    const pairs = sql.join(fields.map((k) => sql`${k}::text, ${sql.raw(col(target, k))}`));
    branches.push(sql`select ${name}::text as e, t.id, jsonb_build_object(${pairs}) as v from ${sql.raw(ident(target.table))} t where t.id = any(${[...ids]}::int[])`);
  }
  if (!branches.length) return texts;
  const res = await sql<{ e: string; id: number; v: Record<string, unknown> | string }>`${sql.join(branches, sql` union all `)}`.execute(db);
  for (const row of res.rows) {
    const target = getEntity(row.e);
    const v = typeof row.v === 'string' ? (JSON.parse(row.v) as Record<string, unknown>) : row.v;
    const phones = referencePhoneFields(def, target);
    texts.get(row.e)!.set(Number(row.id), { title: titleOf(target, v), phones: Object.fromEntries(phones.map((k) => [k, v[k]])) });
  }
  return texts;
}

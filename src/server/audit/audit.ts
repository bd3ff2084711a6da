import { sql, type RawBuilder } from 'kysely';
import { holdsPatientData, PATIENT_ENTITY, patientFieldsOf, type AuditAction, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { centreOf } from '../records/scope';
import { centreSql, patientsSql } from '../records/read-entry-sql';
import { publishable, publishChanges } from '../events/notices';
import { tellEntriesWritten } from './entry-listeners';
import { appendAuditRows, type AuditRow } from './audit-chain';

/**
 * The one writer of the audit log: who (and from where) did what to which record, with the values it changed (never a
 * write-only one), the record's centre (a centre's activity log) and the patients whose data it touches (the patient's
 * access report). Each row is chained to the one before by audit-chain.ts, and the database refuses to change or
 * delete one (migration 0015): nothing here or anywhere updates the log.
 */
export interface Auditor { id: number | null; address?: string }

/** The patients a record's data is about: the patient itself, or the patients it names. */
export function patientsOf(def: EntityDef, record: Record<string, unknown> | null | undefined): number[] | null {
  if (!record) return null;
  if (def.name === PATIENT_ENTITY) return [Number(record.id)];
  const ids = new Set<number>();
  const add = (v: unknown) => { for (const x of Array.isArray(v) ? v : [v]) if (x !== null && x !== undefined && x !== '') ids.add(Number(x)); };
  for (const f of patientFieldsOf(def)) {
    const v = record[f.field];
    if (f.itemField) for (const item of (Array.isArray(v) ? v : []) as Record<string, unknown>[]) add(item?.[f.itemField]);
    else add(v);
  }
  return ids.size ? [...ids] : null;
}

/** One entry, as the writers below make it. `at`: when it happened, for a story written afterwards (the demo data). */
export interface Entry {
  actor: Auditor;
  entity: string;
  recordId?: number | null;
  action: AuditAction;
  changes?: Record<string, unknown> | null;
  fmc?: number | null;
  patients?: readonly number[] | null;
  at?: string;
  /** The record's version after the change, for the change stream (never stored in the log). */
  version?: number | null;
}

/**
 * Entries in one statement, in order. Every write of a record passes here, inside its transaction, so here the change
 * stream is told too (events/notices.ts): a change to a record of the registry is heard once the transaction commits,
 * never when it rolls back. Entries with their own `at` are a story written afterwards (the demo data), not news.
 * `notices` 'batch': the stream told of the batch once per centre (lastPerCentre), not once per entry.
 */
export async function writeEntries(db: DB, entries: readonly Entry[], notices: 'each' | 'batch' = 'each') {
  if (!entries.length) return;
  await appendAuditRows(db, entries.map((e) => ({
    at: e.at ?? null, actorId: e.actor.id, entity: e.entity, recordId: e.recordId ?? null, action: e.action, changes: e.changes ?? null,
    address: e.actor.address ?? null, fmc: e.fmc ?? null, patients: e.patients?.length ? [...e.patients] : null,
  })));
  const news = entries.filter((e) => e.at === undefined && publishable(e));
  await publishChanges(db, (notices === 'batch' ? lastPerCentre(news) : news).map((e) => ({
    entity: e.entity, id: Number(e.recordId), version: e.version ?? null, action: e.action, by: e.actor.id, centre: e.fmc ?? null,
  })));
  // Its readers (the inbox), subscribed at start (readers.ts), in the same transaction.
  await tellEntriesWritten(db, entries);
}

/**
 * A batch's notice: its last entry per entity, action and centre. A client hears one change and reads its lists again
 * once, not once per row of an import (each subscriber still hears only its centres').
 */
function lastPerCentre(entries: readonly Entry[]): Entry[] {
  const last = new Map<string, Entry>();
  for (const e of entries) last.set(`${e.entity} ${e.action} ${e.fmc ?? ''}`, e);
  return [...last.values()];
}

/** The values of `changes` that may be logged: never a write-only one (a password, a SIM's PIN), only that it changed. */
const loggable = (def: EntityDef, changes: Record<string, unknown> | null) =>
  changes && Object.fromEntries(Object.entries(changes).filter(([k, v]) => !def.fields[k]?.writeOnly || JSON.stringify(v) === CHANGED));
const CHANGED = JSON.stringify({ changed: true });

const versionOf = (record: Record<string, unknown> | null | undefined) => (Number.isInteger(record?.version) ? Number(record!.version) : null);

/** One entry about one record (`record` as stored, for its centre and patients). */
export async function audit(db: DB, actor: Auditor, def: EntityDef, id: number, action: AuditAction, changes: Record<string, unknown> | null, record?: Record<string, unknown> | null) {
  await writeEntries(db, [{ actor, entity: def.name, recordId: id, action, changes: loggable(def, changes), fmc: record ? centreOf(def, record) : null, patients: patientsOf(def, record), version: versionOf(record) }]);
}

/** One entry about each of many records (a batch of an import), in one statement, the change stream told once per centre. */
export async function auditBatch(db: DB, actor: Auditor, def: EntityDef, action: AuditAction, items: readonly { id: number; changes: Record<string, unknown> | null; record: Record<string, unknown> }[]) {
  await writeEntries(db, items.map(({ id, changes, record }) => ({
    actor, entity: def.name, recordId: id, action, changes: loggable(def, changes), fmc: centreOf(def, record), patients: patientsOf(def, record), version: versionOf(record),
  })), 'batch');
}

/**
 * What an edit changed: each field whose stored value differs after it, as { from, to } (a write-only field as
 * changed, its values never). Fields sent with their old value are left out.
 */
export function changedFields(def: EntityDef, before: Record<string, unknown>, after: Record<string, unknown>, sent: readonly string[]): Record<string, unknown> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const out: Record<string, unknown> = {};
  for (const k of sent) {
    const fd = def.fields[k];
    if (!fd) continue;
    if (fd.writeOnly) { out[k] = { changed: true }; continue; }
    if (!same(before[k], after[k])) out[k] = { from: before[k] ?? null, to: after[k] ?? null };
  }
  return out;
}

/**
 * A read of many records at once (a page of a list, a picker's answer, an export's page, search hits): one entry with
 * their ids and their patients, written in one statement whatever the number of records. `changes` says how they were
 * reached (the search term, the list's query). Only for patient data (holdsPatientData): other reads are not logged.
 */
export async function auditReads(db: DB, actor: Auditor, def: EntityDef, ids: readonly number[], action: AuditAction, changes: Record<string, unknown> | null = null) {
  const entry = await readsEntry(db, actor, def, ids, action, changes);
  if (entry) await appendAuditRows(db, [entry]);
}

/** auditReads' entry, made and not yet written: several kinds' entries are then appended in one statement (search hits). */
export async function readsEntry(db: DB, actor: Auditor, def: EntityDef, ids: readonly number[], action: AuditAction, changes: Record<string, unknown> | null = null): Promise<AuditRow | null> {
  if (!ids.length || !holdsPatientData(def)) return null;
  const { rows: [read] } = await sql<{ ids: number[]; fmc: number | null; patients: number[] | null }>`with read as (
      select t.id, ${centreSql(def)} as centre, ${patientsSql(def)} as patients
      from ${sql.raw(ident(def.table))} t where t.id = any(${[...ids]}::int[]))
    select array_agg(id order by id) as ids, case when count(distinct centre) = 1 and count(centre) = count(*) then min(centre) end as fmc,
      (select array_agg(distinct p order by p) from read r, unnest(r.patients) p where p is not null) as patients
    from read having count(*) > 0`.execute(db);
  if (!read) return null;
  return {
    actorId: actor.id, entity: def.name, recordId: read.ids.length === 1 ? read.ids[0] : null, recordIds: read.ids, action, changes,
    address: actor.address ?? null, fmc: read.fmc, patients: read.patients,
  };
}

/**
 * The same entry as auditReads, made from the records as they were read for the answer (a list's page): their ids,
 * centre and patients are in hand, so the entry is one insert of its values, with no second read of the table. A
 * record that went between the page's read and this entry is still logged: what was sent is what was read.
 */
export async function auditRecordsRead(db: DB, actor: Auditor, def: EntityDef, records: readonly Record<string, unknown>[], action: AuditAction, changes: Record<string, unknown> | null = null) {
  const entry = recordsReadEntry(actor, def, records, action, changes);
  if (entry) await appendAuditRows(db, [entry]);
}

/**
 * auditRecordsRead's entry, made and not yet written: `records` hold at least their id, the entity's scope field and
 * its patient fields. `sent`: the ids the answer named, when it named some whose record was not read (a search hit
 * said by its stored title): they are in the entry too, and its centre is then left unsaid, not guessed.
 */
export function recordsReadEntry(actor: Auditor, def: EntityDef, records: readonly Record<string, unknown>[], action: AuditAction, changes: Record<string, unknown> | null = null, sent: readonly number[] = []): AuditRow | null {
  if (!holdsPatientData(def)) return null;
  const read = new Set(records.map((r) => Number(r.id)));
  const ids = [...new Set([...read, ...sent])].sort((a, b) => a - b);
  if (!ids.length) return null;
  const centres = records.map((r) => centreOf(def, r));
  const fmc = read.size === ids.length && centres[0] !== null && centres.every((c) => c === centres[0]) ? centres[0] : null;
  const patients = [...new Set(records.flatMap((r) => patientsOf(def, r) ?? []))].sort((a, b) => a - b);
  return {
    actorId: actor.id, entity: def.name, recordId: ids.length === 1 ? ids[0] : null, recordIds: ids, action, changes,
    address: actor.address ?? null, fmc, patients: patients.length ? patients : null,
  };
}

/**
 * recordsReadEntry's entries as the data-modifying part of the statement that reads the records (a search's hits:
 * search/hit-reads.ts), so the read and its entries are one statement and one commit: nothing is answered whose entry
 * is not committed, as with appendAuditRows. `read` selects one row an entry: entity, record_ids (sorted), fmc,
 * patients (sorted, null for none) and i, the entries' order (their ids go up in it).
 */
export function recordsReadInsert(actor: Auditor, action: AuditAction, changes: Record<string, unknown> | null, read: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`insert into audit_log (at, actor_id, entity, record_id, record_ids, action, changes, address, fmc, patients)
    select now(), ${actor.id}::int, r.entity, case when cardinality(r.record_ids) = 1 then r.record_ids[1] end, r.record_ids,
      ${action}::text, ${changes === null ? null : JSON.stringify(changes)}::jsonb, ${actor.address ?? null}::text, r.fmc, r.patients
    from (${read}) r order by r.i`;
}

/** An entry about no one record (an upload, a backup taken): `entity` names what it is about. */
export async function auditEvent(db: DB, actor: Auditor, entity: string, action: AuditAction, changes: Record<string, unknown> | null = null) {
  await writeEntries(db, [{ actor, entity, action, changes }]);
}

import { sql } from 'kysely';
import { can, columnName, ownedFields, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { HttpError } from '../http';
import { partPayload, validate } from '../crud/payload';
import { constraintIssue, createInTransaction, fetchRecord, updateInTransaction, type CreateOptions, type WriteOptions } from '../crud/write';
import { rowPayload, type RowIssue } from './rows';
import type { Table } from './table';

/**
 * Rows written in one transaction: a stop or a crash leaves whole batches only. Small, because on the embedded
 * database (one connection) every statement of another request waits for the batch under way to commit: a batch of
 * 200 patients held the lists of everyone else for its whole length (bench/import-figures.md).
 */
export const IMPORT_BATCH = 20;

export interface Outcome { kind: 'add' | 'update' | 'skip' | 'error'; id?: number; issues: RowIssue[] }

const asIssues = (row: number, err: unknown): RowIssue[] => {
  if (err instanceof HttpError) return err.errors.map((e) => ({ row, field: e.field ?? null, message: e.message }));
  throw err;
};

/** The record a row's key columns (its unique fields: a number, an e-mail…) find, if any. */
async function byKey(tx: DB, def: EntityDef, payload: Record<string, unknown>) {
  for (const [k, fd] of Object.entries(def.fields)) {
    if (!fd.unique || payload[k] === undefined || payload[k] === null) continue;
    const r = await sql<{ id: number }>`select id from ${sql.raw(ident(def.table))} where ${sql.raw(ident(columnName(k, fd)))} = ${payload[k]} limit 1`.execute(tx);
    if (r.rows[0]) return fetchRecord(tx, def, Number(r.rows[0].id));
  }
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One row through the form's own path, inside the caller's transaction and a savepoint of its own (a refused row
 * leaves the batch whole): the payload parted and validated as a form's, then created, or, when a key column finds a
 * record, updated with that record's version (a row equal to the record is skipped).
 */
export async function importRow(tx: DB, def: EntityDef, fields: readonly (string | null)[], cells: readonly string[], row: number, opts: CreateOptions): Promise<Outcome> {
  const { actor } = opts;
  const { payload, issues } = await rowPayload(tx, def, fields, cells, row, actor.role);
  if (issues.length) return { kind: 'error', issues };
  await sql`savepoint import_row`.execute(tx);
  try {
    const existing = await byKey(tx, def, payload);
    let out: Outcome;
    if (!existing) {
      const input = validate(def, 'create', partPayload(def, 'create', payload).input);
      const rec = await createInTransaction(tx, def, input, opts);
      out = { kind: 'add', id: Number(rec.id), issues: [] };
    } else {
      const changed = Object.keys(payload).filter((k) => !same(existing[k], payload[k]));
      if (!changed.length) out = { kind: 'skip', id: Number(existing.id), issues: [] };
      else {
        if (actor.role !== null && !can(actor.role, def.name, 'edit')) throw new HttpError(403, [{ message: 'A record with this key exists and you may not change it', field: Object.keys(payload)[0], code: 'forbidden' }]);
        // An edit is validated as a form sends it: the whole record as stored, with the row's changed cells over it.
        const owned = ownedFields(def);
        const stored = Object.fromEntries(Object.entries(def.fields).filter(([k, fd]) => !(k in owned) && !fd.writeOnly && fd.kind !== 'computed').map(([k]) => [k, existing[k]]));
        const { input, asRead } = partPayload(def, 'update', { ...stored, ...Object.fromEntries(changed.map((k) => [k, payload[k]])), version: existing.version });
        await updateInTransaction(tx, def, Number(existing.id), validate(def, 'update', input), { ...opts, asRead });
        out = { kind: 'update', id: Number(existing.id), issues: [] };
      }
    }
    await sql`release savepoint import_row`.execute(tx);
    return out;
  } catch (err) {
    await sql`rollback to savepoint import_row`.execute(tx);
    return { kind: 'error', issues: asIssues(row, constraintIssue(def, err)) };
  }
}

class DryRunDone extends Error {}

/** Every row as the import would write it, in one transaction rolled back at the end: nothing is written. */
export async function dryRun(db: DB, def: EntityDef, table: Table, fields: readonly (string | null)[], opts: WriteOptions) {
  const counts = { add: 0, update: 0, skip: 0, errors: [] as RowIssue[] };
  try {
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < table.rows.length; i++) {
        const out = await importRow(tx, def, fields, table.rows[i], i + 2, opts);
        if (out.kind === 'error') counts.errors.push(...out.issues);
        else counts[out.kind]++;
      }
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
  return counts;
}

import { sql } from 'kysely';
import { can, columnName, ownedFields, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { HttpError } from '../http';
import { partPayload, validate } from '../crud/payload';
import { createMany } from '../crud/create-many';
import { constraintIssue, createInTransaction, fetchRecord, updateInTransaction, type CreateOptions, type WriteOptions } from '../crud/write';
import { rowPayload, type RowIssue } from './rows';
import type { Table } from './table';

/**
 * Rows written in one transaction: a stop or a crash leaves whole batches only. On the embedded database (one
 * connection) every statement of another request waits for the batch under way to commit, so a batch is sized to
 * hold it briefly: its rows are checked in memory and written set-based (importBatch), a few statements a batch
 * (bench/import-figures.md).
 */
export const IMPORT_BATCH = 50;

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

/** The key columns (unique fields) a payload fills, with its values. */
const keysOf = (def: EntityDef, payload: Record<string, unknown>) =>
  Object.entries(def.fields).filter(([k, fd]) => fd.unique && payload[k] !== undefined && payload[k] !== null).map(([k]) => [k, payload[k]] as const);

/** Of these payloads, the ones whose key columns find a stored record (one statement per key column). */
async function foundByKey(tx: DB, def: EntityDef, payloads: readonly (Record<string, unknown> | null)[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const [k, fd] of Object.entries(def.fields)) {
    if (!fd.unique) continue;
    const asked = payloads.flatMap((p, i) => (p && p[k] !== undefined && p[k] !== null ? [{ i, v: p[k] }] : []));
    if (!asked.length) continue;
    const c = sql.raw(ident(columnName(k, fd)));
    // Compared as the column's type where it is a number (its index read either way): a text key as text.
    const values = fd.kind === 'ref' || fd.kind === 'int' ? sql`${asked.map((a) => Number(a.v))}::int[]` : sql`${asked.map((a) => String(a.v))}::text[]`;
    const r = await sql<{ v: string }>`select ${c}::text as v from ${sql.raw(ident(def.table))} where ${c} = any(${values})`.execute(tx);
    const stored = new Set(r.rows.map((x) => x.v));
    for (const a of asked) if (stored.has(String(a.v))) found.add(a.i);
  }
  return found;
}

/**
 * A batch of rows (the first at file row `firstRow`) with the outcome each would have through importRow, set-based:
 * every row's cells read and judged in memory first (the form's schema, owned fields), then the rows that add a record
 * created together by createMany (the same checks, one insert, one audit statement, one change notice). A row whose key
 * finds a record, or repeats an earlier row's key, goes through importRow after them (an update or a skip), as does
 * every row when the set's insert meets a database constraint: the batch is then written row by row, each row's
 * refusal its own.
 */
export async function importBatch(tx: DB, def: EntityDef, fields: readonly (string | null)[], rows: readonly (readonly string[])[], firstRow: number, opts: CreateOptions): Promise<Outcome[]> {
  const outcomes: (Outcome | null)[] = rows.map(() => null);
  const payloads: (Record<string, unknown> | null)[] = [];
  for (let i = 0; i < rows.length; i++) {
    const { payload, issues } = await rowPayload(tx, def, fields, rows[i], firstRow + i, opts.actor.role);
    if (issues.length) outcomes[i] = { kind: 'error', issues };
    payloads.push(issues.length ? null : payload);
  }
  const later = await foundByKey(tx, def, payloads);
  const keysSeen = new Set<string>();
  const adds: { i: number; input: Record<string, unknown> }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const payload = payloads[i];
    if (!payload || later.has(i)) continue;
    const keys = keysOf(def, payload).map(([k, v]) => `${k}\u0000${String(v)}`);
    if (keys.some((k) => keysSeen.has(k))) { later.add(i); continue; }
    keys.forEach((k) => keysSeen.add(k));
    try {
      adds.push({ i, input: validate(def, 'create', partPayload(def, 'create', payload).input) });
    } catch (err) {
      outcomes[i] = { kind: 'error', issues: asIssues(firstRow + i, err) };
    }
  }
  if (adds.length) {
    await sql`savepoint import_batch`.execute(tx);
    try {
      const made = await createMany(tx, def, adds.map((a) => a.input), opts);
      made.forEach((m, k) => {
        const i = adds[k].i;
        outcomes[i] = 'record' in m ? { kind: 'add', id: Number(m.record.id), issues: [] } : { kind: 'error', issues: asIssues(firstRow + i, m.refused) };
      });
      await sql`release savepoint import_batch`.execute(tx);
    } catch {
      // A constraint the checks could not see (a single reference's foreign key, a key taken meanwhile), or a hook's
      // refusal: each row on its own, its refusal its own (importRow rethrows what is not a refusal).
      await sql`rollback to savepoint import_batch`.execute(tx);
      for (const a of adds) later.add(a.i);
    }
  }
  for (const i of [...later].sort((a, b) => a - b)) outcomes[i] = await importRow(tx, def, fields, rows[i], firstRow + i, opts);
  return outcomes.map((o) => o!);
}

class DryRunDone extends Error {}

/** Every row as the import would write it, batch by batch, in one transaction rolled back at the end: nothing is written. */
export async function dryRun(db: DB, def: EntityDef, table: Table, fields: readonly (string | null)[], opts: WriteOptions) {
  const counts = { add: 0, update: 0, skip: 0, errors: [] as RowIssue[] };
  try {
    await db.transaction().execute(async (tx) => {
      for (let start = 0; start < table.rows.length; start += IMPORT_BATCH) {
        for (const out of await importBatch(tx, def, fields, table.rows.slice(start, start + IMPORT_BATCH), start + 2, opts)) {
          if (out.kind === 'error') counts.errors.push(...out.issues);
          else counts[out.kind]++;
        }
      }
      throw new DryRunDone();
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
  return counts;
}

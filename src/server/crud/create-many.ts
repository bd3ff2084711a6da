import { sql } from 'kysely';
import type { EntityDef } from '../../registry';
import { auditBatch } from '../audit/audit';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { HttpError } from '../http';
import { selectList, toRecord } from '../records/columns';
import { upsertSearchRows } from '../search';
import { hooksOf } from './hooks';
import { createdChanges, insertRows, joinMadeCentre, prepareCreate, type CreateOptions } from './write';

/** Each input's outcome: the record made, or why the create's checks refused it. */
export type Made = { record: Record<string, unknown> } | { refused: HttpError };

/**
 * Many records created as createInTransaction creates one, set-based (an import's batch): each input passes the same
 * checks (prepareCreate), then the accepted ones are inserted by one statement, their search rows by one, their audit
 * entries by one, and the change stream is told once per centre. The entity's count triggers are statement-level
 * (search/value-counts.ts): they run once for the batch. A database constraint (a duplicate, a missing reference) is
 * thrown as it came, for the whole set: the caller rolls back to its savepoint and writes the rows one by one.
 */
export async function createMany(tx: DB, def: EntityDef, inputs: readonly Record<string, unknown>[], opts: CreateOptions): Promise<Made[]> {
  const prepared: (Record<string, unknown> | HttpError)[] = [];
  for (const input of inputs) {
    try {
      prepared.push(await prepareCreate(tx, def, input, opts));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      prepared.push(err);
    }
  }
  const accepted = prepared.flatMap((p, i) => (p instanceof HttpError ? [] : [{ i, cols: p }]));
  if (!accepted.length) return prepared.map((p) => ({ refused: p as HttpError }));
  const ids = await insertRows(tx, def, accepted.map((a) => a.cols), opts.actor);
  const stored = (await sql<Record<string, unknown>>`select ${selectList(def)} from ${sql.raw(ident(def.table))} t where t.id = any(${ids}::int[]) order by t.id`.execute(tx)).rows.map((r) => toRecord(def, r));
  await upsertSearchRows(tx, def, stored);
  for (const id of ids) await joinMadeCentre(tx, def, id, opts.actor);
  await auditBatch(tx, opts.actor, def, 'create', accepted.map((a, k) => ({ id: ids[k], changes: createdChanges(inputs[a.i], opts.origin), record: stored[k] })));
  const afterWrite = hooksOf(def).afterWrite;
  if (afterWrite) for (let k = 0; k < accepted.length; k++) await afterWrite(tx, stored[k], null, { actor: opts.actor, columns: accepted[k].cols });
  const made = new Map(accepted.map((a, k) => [a.i, stored[k]]));
  return prepared.map((p, i) => (p instanceof HttpError ? { refused: p } : { record: made.get(i)! }));
}

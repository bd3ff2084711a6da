import { sql } from 'kysely';
import { getEntity, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { fail, HttpError } from '../http';
import { UNDO_WINDOW_MINUTES } from './transition-undo';
import { BULK_BATCH, outcomeOf, setPayload, type BulkResult } from './bulk';
import { validate } from './payload';
import { constraintIssue, fetchRecord, restoreInTransaction, restoreIssue, updateInTransaction, type Actor } from './write';

/**
 * `POST /api/bulk/{id}/undo`: takes a whole bulk action back, by whoever made it (or a superadmin), within the undo
 * window (the trash keeps a deleted record as long). A set is put back to each record's value before, only where the
 * record still has the version the action left (else `conflict`: changed since, never overwritten); a delete restores
 * each record from the trash through the one restore path. Each record is said, as the action said them.
 */
interface Kept extends BulkResult { before?: unknown; version?: number }
interface ActionRow { id: number; entity: string; op: 'set' | 'delete'; field: string | null; created_by: number | null; created_at: string; state: string; results: Kept[] }

const changedSince = (id: number): BulkResult => ({ id, status: 'conflict', message: 'Changed since the action: left as it is now', code: 'changed_since' });

/** The action as its maker (or a superadmin) may see it; anyone else's is a 404, as for a record that does not exist. */
export async function loadBulk(db: DB, id: number, actor: Actor): Promise<ActionRow> {
  const row = (await sql<ActionRow>`select * from bulk_action where id = ${id}`.execute(db)).rows[0];
  if (!row || (actor.role !== 'superadmin' && row.created_by !== actor.id)) throw fail(404, 'This bulk action does not exist', { code: 'not_found' });
  return row;
}

async function undoOne(tx: DB, def: EntityDef, action: ActionRow, kept: Kept, actor: Actor, scryptLogN: number): Promise<BulkResult> {
  const { id } = kept;
  await sql`savepoint bulk_undo`.execute(tx);
  try {
    if (action.op === 'delete') await restoreInTransaction(tx, def, id, actor, { bulkId: action.id, undo: true });
    else {
      const existing = await fetchRecord(tx, def, id);
      if (!existing || Number(existing.version) !== kept.version) {
        await sql`release savepoint bulk_undo`.execute(tx);
        return changedSince(id);
      }
      const { input, asRead } = setPayload(def, existing, action.field!, kept.before, kept.version!);
      await updateInTransaction(tx, def, id, validate(def, 'update', input), { actor, scryptLogN, asRead, kind: { action: 'update' }, origin: { bulkId: action.id, undo: true } });
    }
    await sql`release savepoint bulk_undo`.execute(tx);
    return { id, status: 'done', message: '' };
  } catch (err) {
    await sql`rollback to savepoint bulk_undo`.execute(tx);
    const issue = action.op === 'delete' ? restoreIssue(def, err) : constraintIssue(def, err);
    if (!(issue instanceof HttpError)) throw issue;
    // Not in the trash any more: restored, or deleted for good, since.
    if (action.op === 'delete' && issue.errors[0]?.code === 'not_found') return changedSince(id);
    return outcomeOf(id, issue);
  }
}

export async function undoBulk(db: DB, action: ActionRow, actor: Actor, scryptLogN: number): Promise<BulkResult[]> {
  if (Date.now() - new Date(action.created_at).getTime() > UNDO_WINDOW_MINUTES * 60_000) throw fail(409, 'The undo window of this action has closed', { code: 'too_late' });
  // Claimed first, so that two undos at once take it back once.
  const claimed = await sql`update bulk_action set state = 'undone' where id = ${action.id} and state = 'done'`.execute(db);
  if (!Number(claimed.numAffectedRows ?? 0)) throw fail(409, 'This action was already undone', { code: 'undone' });
  const def = getEntity(action.entity);
  const done = action.results.filter((r) => r.status === 'done').reverse();
  const results: BulkResult[] = [];
  for (let start = 0; start < done.length; start += BULK_BATCH) {
    const batch = done.slice(start, start + BULK_BATCH);
    results.push(...await db.transaction().execute(async (tx) => {
      const out: BulkResult[] = [];
      for (const kept of batch) out.push(await undoOne(tx, def, action, kept, actor, scryptLogN));
      return out;
    }));
  }
  return results;
}

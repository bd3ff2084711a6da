import { sql } from 'kysely';
import { getEntity } from '../../registry';
import type { DB } from '../db/connection';
import { nextTurn } from '../db/turn';
import { fail } from '../http';
import { deleteRecord, type Actor, type WriteOptions } from '../crud/write';
import { UNDO_WINDOW_MINUTES } from '../crud/transition-undo';
import { BOM, csvCell, csvRecord } from '../crud/csv';
import { importBatch, IMPORT_BATCH } from './run';
import { readTable, type Table } from './table';
import type { RowIssue } from './rows';

export interface ImportRun {
  id: number; entity: string; created_by: number | null; created_at: string; state: string; total: number; done_rows: number;
  added: number; updated: number; skipped: number; failed: number; added_ids: number[]; errors: RowIssue[]; content_type: string; file: Uint8Array;
}

/** The run as its owner (or a superadmin) may read it; anyone else's is a 404, as for a record that does not exist. */
export async function loadRun(db: DB, id: number, actor: Actor): Promise<ImportRun> {
  const run = (await sql<ImportRun>`select * from import_run where id = ${id}`.execute(db)).rows[0];
  if (!run || (actor.role !== 'superadmin' && run.created_by !== actor.id)) throw fail(404, 'This import does not exist', { code: 'not_found' });
  return run;
}

export const runView = (r: ImportRun) => ({
  id: r.id, entity: r.entity, state: r.state, total: r.total, done: r.done_rows, added: r.added, updated: r.updated, skipped: r.skipped,
  failed: r.failed, createdAt: r.created_at, errors: r.errors.slice(0, 200),
});

/**
 * Writes the file's rows in batches, each in one transaction with the run's counts: a stop (state `stopping`, read at
 * the start of each batch) or a crash leaves whole batches only, and the counts say exactly which.
 */
export async function runImport(db: DB, id: number, table: Table, fields: readonly (string | null)[], opts: WriteOptions) {
  const def = getEntity((await sql<{ entity: string }>`select entity from import_run where id = ${id}`.execute(db)).rows[0].entity);
  for (let start = 0; start < table.rows.length; start += IMPORT_BATCH) {
    await nextTurn();
    const stopped = await db.transaction().execute(async (tx) => {
      const { state } = (await sql<{ state: string }>`select state from import_run where id = ${id} for update`.execute(tx)).rows[0];
      if (state !== 'running') {
        await sql`update import_run set state = 'stopped' where id = ${id} and state = 'stopping'`.execute(tx);
        return true;
      }
      const c = { added: 0, updated: 0, skipped: 0, failed: 0, ids: [] as number[], errors: [] as RowIssue[] };
      const batch = table.rows.slice(start, start + IMPORT_BATCH);
      for (const out of await importBatch(tx, def, fields, batch, start + 2, { ...opts, origin: { importId: id } })) {
        if (out.kind === 'add') { c.added++; c.ids.push(out.id!); }
        else if (out.kind === 'update') c.updated++;
        else if (out.kind === 'skip') c.skipped++;
        else { c.failed++; c.errors.push(...out.issues); }
      }
      await sql`update import_run set done_rows = done_rows + ${batch.length}, added = added + ${c.added}, updated = updated + ${c.updated},
        skipped = skipped + ${c.skipped}, failed = failed + ${c.failed}, added_ids = added_ids || ${c.ids}::int[],
        errors = errors || ${JSON.stringify(c.errors)}::jsonb where id = ${id}`.execute(tx);
      return false;
    });
    if (stopped) return;
  }
  await sql`update import_run set state = case when state = 'stopping' then 'stopped' else 'done' end where id = ${id} and state in ('running', 'stopping')`.execute(db);
}

/** The file as sent, with an "error" column: each failed row's messages, the others empty. */
export async function resultCsv(run: ImportRun): Promise<string> {
  const table = await readTable(run.file, run.content_type, Number.MAX_SAFE_INTEGER);
  const byRow = new Map<number, string[]>();
  for (const e of run.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.field ? `${e.field}: ${e.message}` : e.message]);
  // Each cell quoted and defused as an export's are: a cell a spreadsheet would run as a formula starts with '.
  const line = (cells: readonly string[]) => csvRecord(cells.map((c) => csvCell(c)));
  return BOM + line([...table.header, 'error']) + table.rows.map((r, i) => line([...r, (byRow.get(i + 2) ?? []).join('; ')])).join('');
}

/**
 * Undo of a whole import by whoever ran it (or a superadmin), within the undo window: every record it added goes to
 * the trash through the one delete path (audited, restorable). A record others now refer to stops the undo, naming it.
 */
export async function undoImport(db: DB, run: ImportRun, actor: Actor) {
  if (run.state === 'running' || run.state === 'stopping') throw fail(409, 'Stop the import before undoing it', { code: 'running' });
  if (run.state === 'undone') throw fail(409, 'This import was already undone', { code: 'undone' });
  if (Date.now() - new Date(run.created_at).getTime() > UNDO_WINDOW_MINUTES * 60_000) throw fail(409, 'The undo window of this import has closed', { code: 'too_late' });
  const def = getEntity(run.entity);
  // Each delete marked as this import's undo: the log folds it under the import's entry with the rows it added.
  for (const rid of [...run.added_ids].reverse()) await deleteRecord(db, def, rid, actor, { importId: run.id, undo: true });
  await sql`update import_run set state = 'undone' where id = ${run.id}`.execute(db);
}

/**
 * Imports a crash left `running`: their batches are whole (each committed with its counts), but nothing writes the
 * rest. Only where this process is the database's one writer (the embedded database, its folder locked by one
 * process); on a PostgreSQL server another worker's import may be running, so its runs are left as they are.
 */
export async function markInterrupted(db: DB): Promise<number> {
  const r = await sql`update import_run set state = 'interrupted' where state in ('running', 'stopping')`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

import { sql } from 'kysely';
import { z } from 'zod';
import { columnName, mayMove, transitionNamed, type EntityDef, type Transition } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail, forbidden, HttpError } from '../http';
import { upsertSearchRow } from '../search';
import { audit } from '../audit/audit';
import { param } from '../records/columns';
import { hooksOf } from './hooks';
import { attachLabels } from '../records/labels';
import { inScope } from '../records/scope';
import { writeMirror } from './transition';
import { fetchRecord, type Actor } from './write';

/**
 * POST /api/{resource}/{id}/transition/undo { version }: takes a move back (the console's Undo after a move). `version`
 * is the one the move produced, as its answer gave it. The record goes back to the status and the values the move
 * overwrote (kept on its status_history row: migration 0029), version + 1, with its own status_history row (`undoes`
 * names the move's), an audit row `transition-undo:{move}`, the search row, the workflow's mirror, and the effects the
 * move had on other records undone by the entity's `afterUndo` hook (a seat given back is taken again).
 *
 * Only the newest move of the record, only by whoever made it, only within UNDO_WINDOW_MINUTES, never an
 * `irreversible` move, never twice: else 409 `not_undoable`, saying which. A record changed since (its version or its
 * status is no longer the move's): 409 `stale`. The record's row is locked first, so two undos at once run one after
 * the other and the second finds the move undone; a unique index on `undoes` holds that on any database.
 */
export const undoBody = z.strictObject({ version: z.number().int().min(1).max(2_147_483_647) });

export type UndoInput = z.infer<typeof undoBody>;

/** The console offers Undo for a few seconds; the server keeps the door open well past that (a slow network). */
export const UNDO_WINDOW_MINUTES = 10;

/** The status_history row of a move. */
interface MoveRow { id: number; move: string; from: string; to: string; actorId: number | null; before: Record<string, unknown>; open: boolean }

const notUndoable = (message: string) => fail(409, message, { code: 'not_undoable', field: 'version' });
const staleUndo = () => fail(409, 'Someone changed this record after your move: it was not undone.', { code: 'stale', field: 'version' });

/** What an irreversible move set off, said as the reason it cannot be undone. */
const LASTING: Record<NonNullable<Transition['irreversible']>, string> = {
  issuesInvoice: 'This move issued a tax invoice: it cannot be undone',
  voidsInvoice: 'This move voided an invoice: it cannot be undone',
  sendsCampaign: 'This move sent the campaign: it cannot be undone',
};

/** The move whose row says it produced `version` of the record (an undo's own row is not a move to undo). */
async function moveThatMade(db: DB, def: EntityDef, id: number, version: number): Promise<MoveRow | undefined> {
  const res = await sql<MoveRow>`select id, move, from_status as "from", to_status as "to", actor_id as "actorId", before,
      at > now() - make_interval(mins => ${UNDO_WINDOW_MINUTES}) as open
    from status_history where entity = ${def.name} and record_id = ${id} and version = ${version} and move is not null and undoes is null
    order by id desc limit 1`.execute(db);
  const row = res.rows[0];
  return row && { ...row, id: Number(row.id), actorId: row.actorId === null ? null : Number(row.actorId) };
}

/** Why the move on `row` cannot be undone by `actor`, or null when it can (the record's own state is checked after). */
async function refusal(db: DB, def: EntityDef, id: number, row: MoveRow, move: Transition, actor: Actor): Promise<HttpError | null> {
  const undone = await sql`select 1 from status_history where undoes = ${row.id}`.execute(db);
  if (undone.rows.length) return notUndoable('This move was already undone');
  if (move.irreversible) return notUndoable(LASTING[move.irreversible]);
  if (actor.id === null || row.actorId !== actor.id) return notUndoable('Only whoever made this move can undo it');
  if (!row.open) return notUndoable(`This move was made more than ${UNDO_WINDOW_MINUTES} minutes ago: it can no longer be undone`);
  // A later move by the same person: theirs to undo first. A later one by someone else reads as stale (below).
  const later = await sql<{ actorId: number | null }>`select actor_id as "actorId" from status_history
    where entity = ${def.name} and record_id = ${id} and id > ${row.id} order by id desc limit 1`.execute(db);
  if (later.rows.length && later.rows[0].actorId === actor.id) return notUndoable('Only the newest move of a record can be undone');
  return null;
}

export async function undoTransition(db: DB, def: EntityDef, id: number, input: UndoInput, actor: Actor) {
  const wf = def.workflow!;
  const statusCol = columnName(wf.field, def.fields[wf.field]);
  const table = sql.raw(ident(def.table));
  try {
    return await db.transaction().execute(async (tx) => {
      // Locked first: another undo (or move) of the record waits until this one ends, then sees what it did.
      await sql`select id from ${table} where id = ${id} for update`.execute(tx);
      const existing = await fetchRecord(tx, def, id);
      if (!existing || !inScope(def, actor, existing)) throw fail(404, 'This record does not exist', { code: 'not_found' });
      const row = await moveThatMade(tx, def, id, input.version);
      const move = row && transitionNamed(def, row.move);
      if (!row || !move) throw notUndoable('No move of this record made that version: there is nothing to undo');
      if (!mayMove(actor.role, def, move)) throw forbidden();
      const refused = await refusal(tx, def, id, row, move, actor);
      if (refused) throw refused;
      if (existing.version !== input.version || existing[wf.field] !== row.to) throw staleUndo();

      const before = Object.entries(row.before).filter(([k]) => def.fields[k]);
      const sets = before.map(([k, v]) => sql`${sql.raw(ident(columnName(k, def.fields[k])))} = ${param(def.fields[k], v)}`);
      const res = await sql<{ id: number }>`update ${table}
        set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${actor.id}`])}
        where id = ${id} and version = ${input.version} and ${sql.raw(ident(statusCol))} = ${row.to} returning id`.execute(tx);
      if (!res.rows.length) throw staleUndo();
      const back = String(row.before[wf.field] ?? row.from);
      await sql`insert into status_history (entity, record_id, from_status, to_status, actor_id, move, version, undoes)
        values (${def.name}, ${id}, ${row.to}, ${back}, ${actor.id}, ${row.move}, ${input.version + 1}, ${row.id})`.execute(tx);

      const rec = (await fetchRecord(tx, def, id))!;
      await upsertSearchRow(tx, def, rec);
      await audit(tx, actor, def, id, `transition-undo:${row.move}`, { ...Object.fromEntries(before), from: row.to }, rec);
      if (wf.mirror) await writeMirror(tx, def, rec, actor);
      await hooksOf(def).afterUndo?.(tx, rec, row.move, { before: existing, actor });
      await attachLabels(tx, def, [rec]);
      return rec;
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    // Two undos that raced past each other on PostgreSQL: the index on `undoes` let one through.
    if (code === '23505') throw notUndoable('This move was already undone');
    if (code === '40001' || code === '40P01') throw staleUndo();
    throw err;
  }
}

import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { columnName, getEntity, memberSchema, moveTo, mayMove, shownKind, type EntityDef, type Transition } from '../../registry';
import type { Seller } from '../config';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail, fieldErrors, forbidden, HttpError } from '../http';
import { upsertSearchRow } from '../search';
import { param } from '../records/columns';
import { hooksOf } from './hooks';
import { attachLabels } from '../records/labels';
import { checkNotBefore, checkRefNotIn } from './move-rules';
import { inScope } from '../records/scope';
import { audit } from '../audit/audit';
import { fetchRecord, type Actor } from './write';

/**
 * POST /api/{resource}/{id}/transition { to, version, reason?, values? }: one move of a workflow's status
 * (registry/workflow.ts), written the way slot bookings are. The status, the fields the move sets, the status
 * history and the audit row are written in one transaction by one conditional update
 * (`… where version = $v and status = $from`): two moves sent at once on the same record cannot both pass it,
 * on PostgreSQL because the second waits for the first's row lock and then finds the version moved on, on
 * PGlite because transactions run one at a time. So of ten identical moves exactly one succeeds; the others
 * answer 409 `stale`.
 */
export const transitionBody = z.strictObject({
  to: z.string().min(1).max(40),
  version: z.number().int().min(1),
  reason: z.string().trim().max(1000).optional(),
  values: z.record(z.string(), z.unknown()).optional(),
});

export type TransitionInput = z.infer<typeof transitionBody>;

const stale = () => fail(409, 'This record was changed by someone else since you opened it. Reload it to see the changes.', { code: 'stale', field: 'version' });

/**
 * The values a move carries (`input` fields), validated by their field schemas; nothing else is accepted. A time a
 * move sets (a reschedule's) is when the record will happen: not in the past.
 */
function moveValues(def: EntityDef, allowed: readonly string[], values: Record<string, unknown> = {}): Record<string, unknown> {
  const shape = Object.fromEntries(allowed.map((k) => {
    const schema = memberSchema({ ...def.fields[k], required: true }, 'create');
    return [k, shownKind(def.fields[k]) === 'datetime' ? schema.refine((v) => Date.parse(String(v)) >= Date.now() - PAST_GRACE_MS, 'Choose a time that has not passed') : schema];
  }));
  const parsed = z.strictObject(shape).safeParse(values);
  if (!parsed.success) throw fieldErrors(parsed.error.issues.map((i) => ({ ...i, path: ['values', ...i.path] })));
  return parsed.data;
}

/** A time typed as "now" reaches the server a little later. */
const PAST_GRACE_MS = 5 * 60_000;

/** The reason given, held to the rules of the field the move writes it to (a cancellation's 300 characters). */
function checkReason(def: EntityDef, move: Transition, reason: string | undefined) {
  if (reason === undefined) return;
  const field = Object.entries(move.sets ?? {}).find(([, v]) => v === '$reason')?.[0];
  if (!field) return;
  const parsed = memberSchema(def.fields[field], 'create').safeParse(reason);
  if (!parsed.success) throw fieldErrors(parsed.error.issues.map((i) => ({ ...i, path: ['reason'] })));
}

/**
 * `consequence`: the move follows from another the caller was allowed to make (a slot's booking cancelled at the centre
 * cancels the appointment it made), so the caller's right to this move itself is not asked.
 *
 * `seller`: whom an invoice issued by the move names (a payment's completion): the configured one.
 *
 * `timeZone`: where the centres are (config `centreTimeZone`), for a move that waits for its day (`notBefore`).
 */
export async function transition(db: DB, def: EntityDef, id: number, input: TransitionInput, actor: Actor, opts: { consequence?: boolean; seller?: Seller; timeZone?: string } = {}) {
  const wf = def.workflow!;
  const statusCol = columnName(wf.field, def.fields[wf.field]);
  try {
    return await db.transaction().execute(async (tx) => {
      const existing = await fetchRecord(tx, def, id);
      if (!existing || !inScope(def, actor, existing)) throw fail(404, 'This record does not exist', { code: 'not_found' });
      const from = String(existing[wf.field]);
      const move = moveTo(def, from, input.to);
      if (!move) {
        throw fail(409, `A record that is ${from} cannot become ${input.to}`, { code: 'illegal_transition', field: 'to' });
      }
      if (!opts.consequence && !mayMove(actor.role, def, move)) throw forbidden();
      if (existing.version !== input.version) throw stale();
      const reason = input.reason || undefined;
      if (move.reason && !reason) throw fail(400, 'Give a reason', { field: 'reason', code: 'required' });
      checkReason(def, move, reason);
      const values = moveValues(def, move.input ?? [], input.values);
      await checkNotBefore(tx, def, move, existing, opts.timeZone);
      await checkRefNotIn(tx, def, move, existing);

      const sets: RawBuilder<unknown>[] = [sql`${sql.raw(ident(statusCol))} = ${move.to}`];
      const written: Record<string, unknown> = { [wf.field]: move.to, ...values };
      for (const [k, v] of Object.entries(values)) sets.push(sql`${sql.raw(ident(columnName(k, def.fields[k])))} = ${param(def.fields[k], v)}`);
      for (const [k, v] of Object.entries(move.sets ?? {})) {
        const value = v === '$now' ? new Date().toISOString() : v === '$reason' ? (reason ?? null) : v === '$actor' ? actor.id : v;
        written[k] = value;
        sets.push(sql`${sql.raw(ident(columnName(k, def.fields[k])))} = ${value}`);
      }
      const res = await sql<{ id: number }>`update ${sql.raw(ident(def.table))}
        set ${sql.join([...sets, sql`version = version + 1`, sql`updated_at = now()`, sql`updated_by = ${actor.id}`])}
        where id = ${id} and version = ${input.version} and ${sql.raw(ident(statusCol))} = ${from} returning id`.execute(tx);
      if (!res.rows.length) throw stale();

      // What an undo needs (transition-undo.ts): the move, the version it made, and the values it overwrote.
      const before = Object.fromEntries(Object.keys(written).map((k) => [k, existing[k] ?? null]));
      await sql`insert into status_history (entity, record_id, from_status, to_status, reason, actor_id, move, version, before)
        values (${def.name}, ${id}, ${from}, ${move.to}, ${reason ?? null}, ${actor.id}, ${move.name}, ${input.version + 1}, ${JSON.stringify(before)}::jsonb)`.execute(tx);
      const rec = (await fetchRecord(tx, def, id))!;
      await upsertSearchRow(tx, def, rec);
      await audit(tx, actor, def, id, `transition:${move.name}`, { ...written, ...(reason ? { reason } : {}), from }, rec);
      if (wf.mirror) await writeMirror(tx, def, rec, actor);
      await hooksOf(def).afterTransition?.(tx, rec, move.name, { before: existing, actor, seller: opts.seller });
      await attachLabels(tx, def, [rec]);
      return rec;
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    // A write that lost a race on PostgreSQL (serialisation) reads as stale, never as a 500.
    if (code === '40001' || code === '40P01') throw stale();
    throw err;
  }
}

/** The status, written to the field that follows it on the record the workflow's `mirror` reference names (a move's, an undo's). */
export async function writeMirror(db: DB, def: EntityDef, rec: Record<string, unknown>, actor: Actor) {
  const mirror = def.workflow!.mirror!;
  const target = getEntity(def.fields[mirror.ref].ref!);
  const id = Number(rec[mirror.ref]);
  const status = String(rec[def.workflow!.field]);
  await sql`update ${sql.raw(ident(target.table))} set ${sql.raw(ident(columnName(mirror.field, target.fields[mirror.field])))} = ${status},
    version = version + 1, updated_at = now(), updated_by = ${actor.id} where id = ${id}`.execute(db);
  const followed = await fetchRecord(db, target, id);
  if (!followed) return;
  await upsertSearchRow(db, target, followed);
  await audit(db, actor, target, id, 'update', { [mirror.field]: status }, followed);
}

/** A record's status history, oldest first: who moved it, from what to what, when and why; `undo`: a move taken back. */
export async function statusHistory(db: DB, def: EntityDef, id: number) {
  const res = await sql<{ from: string; to: string; reason: string | null; at: string; actorId: number | null; actor: string | null; undo: boolean }>`
    select h.from_status as "from", h.to_status as "to", h.reason, h.at, h.actor_id as "actorId", h.undoes is not null as undo,
      nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor
    from status_history h left join admin_user u on u.id = h.actor_id
    where h.entity = ${def.name} and h.record_id = ${id} order by h.at, h.id`.execute(db);
  return res.rows;
}

import { sql } from 'kysely';
import { columnName, getEntity, type EntityDef, type Transition } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail } from '../http';

/**
 * The rules a move declares about time and about another record (registry/workflow.ts `notBefore`, `refNotIn`),
 * checked in the move's transaction (crud/transition.ts). Days are read by PostgreSQL in the centres' time zone
 * (`at time zone`), never by hand arithmetic on offsets: a zone's rules (and any change of them) are the database's.
 */

/** A record in words: an entity's table is named for one of its records ("appointment", "verification request"). */
const nounOf = (def: EntityDef) => def.table.replace(/_/g, ' ');

/**
 * `notBefore`: the day of the record's date field, where the centres are, must be today or earlier there. Refused with
 * 409 `too_early`, naming the day and the zone: "This appointment is on 18 Dec 2026 (Asia/Kolkata): it can be marked
 * completed from that day on". A record without the date is not held back (nothing says when it is).
 */
export async function checkNotBefore(db: DB, def: EntityDef, move: Transition, record: Record<string, unknown>, timeZone: string | undefined) {
  const field = move.notBefore;
  if (!field) return;
  const value = record[field];
  if (value === null || value === undefined) return;
  if (!timeZone) throw new Error(`The move ${def.name}.${move.name} waits for its day, but the call names no time zone`);
  const day = def.fields[field].kind === 'date' ? sql`${value}::date` : sql`(${value}::timestamptz at time zone ${timeZone})::date`;
  const res = await sql<{ early: boolean; shown: string }>`select ${day} > (now() at time zone ${timeZone})::date as early,
    to_char(${day}, 'FMDD Mon YYYY') as shown`.execute(db);
  const { early, shown } = res.rows[0];
  if (!early) return;
  throw fail(409, `This ${nounOf(def)} is on ${shown} (${timeZone}): it can be marked ${move.to} from that day on`, { code: 'too_early', field });
}

/**
 * `refNotIn`: the record the reference names must not be in one of the listed statuses of its own workflow. Its row is
 * locked for the rest of the move (`for share`), so that on a PostgreSQL server it cannot be moved into one of them
 * before this move commits. Refused with 409 `ref_status`: "This payment's appointment was cancelled: the payment
 * cannot be marked completed".
 */
export async function checkRefNotIn(db: DB, def: EntityDef, move: Transition, record: Record<string, unknown>) {
  const rule = move.refNotIn;
  if (!rule) return;
  const id = record[rule.ref];
  if (id === null || id === undefined) return;
  const target = getEntity(def.fields[rule.ref].ref!);
  const statusField = target.workflow?.field;
  if (!statusField) throw new Error(`The move ${def.name}.${move.name} checks the status of ${target.name}, which has no workflow`);
  const res = await sql<{ status: string }>`select ${sql.raw(ident(columnName(statusField, target.fields[statusField])))} as status
    from ${sql.raw(ident(target.table))} where id = ${Number(id)} for share`.execute(db);
  const status = res.rows[0]?.status;
  if (status === undefined || !rule.statuses.includes(status)) return;
  throw fail(409, `This ${nounOf(def)}'s ${nounOf(target)} was ${status}: the ${nounOf(def)} cannot be marked ${move.to}`, { code: 'ref_status', field: rule.ref });
}

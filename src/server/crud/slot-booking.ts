import { sql } from 'kysely';
import { columnName, getEntity, titleOf } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { fail, HttpError } from '../http';
import { upsertSearchRow } from '../search';
import { writeEntries } from '../audit/audit';
import { centreOf } from '../records/scope';
import { withSavepoints } from '../db/savepoints';
import { nextNumber } from './numbering';
import { transition } from './transition';
import { createRecord, getRecord, type Actor } from './write';

/**
 * Booking a centre's slot for a patient. The counter moves only here, in one conditional update
 * (`booked < capacity and status = 'open'`) inside the transaction that records the booking, so two
 * bookings at the same moment can never overfill a slot: on PostgreSQL the row lock serialises them and the
 * second re-checks the condition against the committed row; on PGlite transactions run one at a time.
 * A booking bumps the slot's version, so an edit begun before it (say, lowering the capacity) is refused
 * as stale instead of overwriting it. The search row and the audit log are kept as the generic writes keep them.
 */
const slots = () => getEntity('fmcslots');
const slotTable = () => sql.raw(ident(slots().table));
const col = (field: string) => sql.raw(ident(columnName(field, slots().fields[field])));

/** A booking's entry: the slot's, with its centre, and the patient's (their access report lists it). */
async function audit(db: DB, actorId: number | null, slot: Record<string, unknown>, action: 'book' | 'cancel_booking', patient: number) {
  await writeEntries(db, [{ actor: { id: actorId }, entity: slots().name, recordId: Number(slot.id), action, changes: { patient }, fmc: centreOf(slots(), slot), patients: [patient], version: Number(slot.version) }]);
}

/** Why a slot could not take a booking: it does not exist, is closed, or is full. */
async function refusal(db: DB, id: number): Promise<HttpError> {
  const res = await sql<{ status: string }>`select status from ${slotTable()} where id = ${id}`.execute(db);
  if (!res.rows[0]) return fail(404, 'This record does not exist', { code: 'not_found' });
  if (res.rows[0].status !== 'open') return fail(409, 'This slot is closed', { code: 'slot_closed' });
  return fail(409, 'This slot is full', { code: 'slot_full' });
}

/**
 * Takes a seat on slot `id` for `patient`, in the caller's transaction: 409 when full, closed or already booked. The
 * demo data takes its seats this way and writes its appointments' stories after; the API books (bookSlot).
 */
export async function reserveSeat(tx: DB, id: number, patient: number, actorId: number | null) {
  const taken = await sql<{ id: number }>`update ${slotTable()}
    set booked = booked + 1, version = version + 1, updated_at = now(), updated_by = ${actorId}
    where id = ${id} and status = 'open' and booked < capacity returning id`.execute(tx);
  if (!taken.rows.length) throw await refusal(tx, id);
  try {
    await sql`insert into slot_booking (slot, patient, booked_by) values (${id}, ${patient}, ${actorId})`.execute(tx);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === '23505') throw fail(409, 'This patient has already booked this slot', { field: 'patient', code: 'duplicate' });
    if (code === '23503') throw fail(400, 'The chosen record does not exist', { field: 'patient', code: 'not_found' });
    throw err;
  }
  const rec = await getRecord(tx, slots(), id);
  await upsertSearchRow(tx, slots(), rec);
  await audit(tx, actorId, rec, 'book', patient);
  return rec;
}

/** Gives back `patient`'s seat on slot `id`, in the caller's transaction; false when they hold none. */
export async function freeSeat(tx: DB, id: number, patient: number, actorId: number | null): Promise<boolean> {
  const gone = await sql`delete from slot_booking where slot = ${id} and patient = ${patient} returning id`.execute(tx);
  if (!gone.rows.length) return false;
  await sql`update ${slotTable()} set booked = booked - 1, version = version + 1, updated_at = now(), updated_by = ${actorId}
    where id = ${id}`.execute(tx);
  const rec = await getRecord(tx, slots(), id);
  await upsertSearchRow(tx, slots(), rec);
  await audit(tx, actorId, rec, 'cancel_booking', patient);
  return true;
}

/**
 * Takes `patient`'s seat on slot `id` again when a move that gave it back is undone (crud/hooks.ts), unless they hold
 * it still. Taken by another patient meanwhile, or the slot closed: 409 seat_taken, and the undo leaves everything.
 */
export async function retakeSeat(tx: DB, id: number, patient: number, actorId: number | null): Promise<void> {
  const held = await sql`select 1 from slot_booking where slot = ${id} and patient = ${patient}`.execute(tx);
  if (held.rows.length) return;
  try {
    await reserveSeat(tx, id, patient, actorId);
  } catch (err) {
    if (err instanceof HttpError && ['slot_full', 'slot_closed', 'not_found'].includes(err.errors[0]?.code ?? '')) {
      throw fail(409, 'The slot\'s seat was taken or the slot was closed meanwhile: the move was not undone.', { code: 'seat_taken', field: 'slot' });
    }
    throw err;
  }
}

/**
 * A slot whose day and start time, read where the centres are, have passed takes no booking: 409 slot_past. Read by
 * PostgreSQL (`at time zone`), as the appointment's time is. A slot that does not exist is left to reserveSeat (404).
 */
async function refuseBegun(tx: DB, id: number, timeZone: string) {
  const res = await sql<{ begun: boolean }>`select ((${col('date')} + ${col('startTime')}) at time zone ${timeZone}) <= now() as begun from ${slotTable()} where id = ${id}`.execute(tx);
  if (res.rows[0]?.begun) throw fail(409, 'This slot has already begun: it can no longer be booked', { code: 'slot_past' });
}

/** When a slot's appointment begins: its day and start time where the centre is. */
const slotStart = (slot: Record<string, unknown>, timeZone: string) =>
  sql<{ at: string }>`select ((${slot.date}::date + ${slot.startTime}::time) at time zone ${timeZone}) as at`;

/**
 * Books `patient` on slot `id` and makes the appointment the seat is for, in one transaction: confirmed, with the
 * slot, its centre and doctor, at its start, for its length, at the doctor's fee, numbered as the next APT of its year.
 * A slot without a doctor cannot be booked (an appointment is with a doctor), nor one that has begun. Returns the slot
 * and the appointment.
 */
export async function bookSlot(db: DB, id: number, patient: number, actor: Actor, config: { centreTimeZone: string; scryptLogN: number }) {
  return db.transaction().execute(async (tx) => {
    await refuseBegun(tx, id, config.centreTimeZone);
    const slot = await reserveSeat(tx, id, patient, actor.id);
    if (slot.doctor === null || slot.doctor === undefined) throw fail(409, 'This slot has no doctor to book with', { code: 'slot_no_doctor' });
    const appointments = getEntity('appointments');
    const at = (await slotStart(slot, config.centreTimeZone).execute(tx)).rows[0].at;
    const minutes = (Date.parse(`1970-01-01T${String(slot.endTime)}Z`) - Date.parse(`1970-01-01T${String(slot.startTime)}Z`)) / 60_000;
    const doctor = await getRecord(tx, getEntity('doctor'), Number(slot.doctor));
    const number = await nextNumber(tx, appointments, 'number', 'APT', new Date(at).getUTCFullYear());
    const appointment = await createRecord(withSavepoints(tx), appointments, {
      number, patient, doctor: Number(slot.doctor), fmc: Number(slot.fmc), slot: id, mode: 'in_clinic', scheduledAt: at,
      durationMinutes: Math.min(240, Math.max(5, minutes)), fee: doctor.consultationFee ?? null, prescription: [],
    }, { actor, scryptLogN: config.scryptLogN });
    return { slot, appointment };
  });
}

/**
 * Cancels `patient`'s booking on slot `id`, and with it the appointment it made (still confirmed), as a cancellation
 * of that appointment; 404 when there is none.
 */
export async function cancelBooking(db: DB, id: number, patient: number, actor: Actor) {
  return db.transaction().execute(async (tx) => {
    if (!(await freeSeat(tx, id, patient, actor.id))) throw fail(404, 'This patient has no booking on this slot', { code: 'not_found' });
    const appointments = getEntity('appointments');
    const held = await sql<{ id: number; version: number }>`select id, version from ${sql.raw(ident(appointments.table))}
      where slot = ${id} and patient = ${patient} and status = 'confirmed'`.execute(tx);
    for (const a of held.rows) {
      await transition(withSavepoints(tx), appointments, Number(a.id), { to: 'cancelled', version: Number(a.version), reason: SEAT_RELEASED }, actor, { consequence: true });
    }
    return getRecord(tx, slots(), id);
  });
}

/** The reason a cancellation made from the slot's bookings gives. */
export const SEAT_RELEASED = 'Booking cancelled at the centre';

/** The patients booked on a slot, oldest booking first (a slot holds at most its capacity, so no paging); named only when `names`. */
export async function slotBookings(db: DB, id: number, names: boolean) {
  const patients = getEntity('patients');
  const res = await sql<{ patient: number; bookedAt: string; firstName: string; lastName: string }>`
    select b.patient, b.booked_at as "bookedAt", p.first_name as "firstName", p.last_name as "lastName"
    from slot_booking b join ${sql.raw(ident(patients.table))} p on p.id = b.patient
    where b.slot = ${id} order by b.booked_at, b.id`.execute(db);
  return res.rows.map((r) => ({ patient: r.patient, bookedAt: r.bookedAt, label: names ? titleOf(patients, r) : `#${r.patient}` }));
}

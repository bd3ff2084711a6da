import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity, mayMove, ROLES, transitionNamed, type EntityDef } from '../../src/registry';
import { SERVER_MESSAGES } from '../../src/client/i18n/locales/api-messages/en';
import { matchMessage } from '../../src/client/i18n/message-patterns';
import { setupApi } from './harness';

/**
 * Moves that make sense in time (registry/workflow.ts `notBefore`, `refNotIn`; server/crud/move-rules.ts): an
 * appointment is completed or marked missed only once its day has come where the centres are (CENTRE_TIME_ZONE, here
 * the default Asia/Kolkata); a slot that has begun takes no booking; a payment of a cancelled appointment is not
 * completed. Times are made relative to now in the centres' zone, and the days the tests expect are read with Intl,
 * apart from the server's SQL.
 */
const api = setupApi();
const appointments = getEntity('appointments');
const payments = getEntity('payment');
const slots = getEntity('fmcslots');

const zone = () => api.config.centreTimeZone;

/** The calendar day (YYYY-MM-DD) of an instant where the centres are. */
const dayIn = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone(), year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The day as the refusal names it: "18 Dec 2026". */
const shownDay = (day: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));

/** `day` plus `n` days. */
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The instant a wall-clock time (HH:MM) of `day` is where the centres are, found with Intl's offset for that zone. */
function atLocal(day: string, hhmm: string): Date {
  const guess = new Date(`${day}T${hhmm}:00Z`);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone(), hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(guess);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const shown = Date.parse(`${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:00Z`);
  return new Date(+guess - (shown - +guess));
}

/** A confirmed appointment at `at`, in no slot. */
async function appointmentAt(at: Date) {
  const made = (await api.insert(appointments))!;
  await sql`update appointment set status = 'confirmed', slot = null, scheduled_at = ${at.toISOString()} where id = ${Number(made.id)}`.execute(api.db);
  return { id: Number(made.id), version: Number(made.version) };
}

/** A refusal the console can say in the user's language: its message is one the translations know (locales/api-messages). */
const translatable = (message: string) => (SERVER_MESSAGES as readonly string[]).includes(message) || matchMessage(message, SERVER_MESSAGES) !== null;

const who = (def: EntityDef, move: string) => ROLES.find((r) => mayMove(r, def, transitionNamed(def, move)!))!;
const moveUrl = (def: EntityDef, id: number) => `/api/${def.api}/${id}/transition`;

describe('an appointment is completed or marked missed once its day has come where the centres are', () => {
  test.each([['complete', 'completed', 'marked completed'], ['markMissed', 'missed', 'marked missed']])('%s: refused two days ahead, naming the day and the zone; nothing written', async (move, to, done) => {
    const day = plusDays(dayIn(new Date()), 2);
    const rec = await appointmentAt(atLocal(day, '00:05'));
    const r = await api.call(who(appointments, move), 'POST', moveUrl(appointments, rec.id), { to, version: rec.version });
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors).toEqual([{
      code: 'too_early', field: 'scheduledAt',
      message: `This appointment is on ${shownDay(day)} (${zone()}): it can be ${done} from that day on`,
    }]);
    expect(translatable(r.body.errors[0].message)).toBe(true);
    const row = (await api.row(appointments, rec.id))!;
    expect(row).toMatchObject({ status: 'confirmed', version: rec.version });
    expect((await sql`select 1 from status_history where entity = 'appointments' and record_id = ${rec.id}`.execute(api.db)).rows).toEqual([]);
  });

  test('the next day, from its first minute where the centres are, is refused too', async () => {
    const day = plusDays(dayIn(new Date()), 1);
    // Tomorrow's first minute there; past midnight meanwhile it is today's, and that is allowed: the next test's case.
    const rec = await appointmentAt(atLocal(day, '00:01'));
    const r = await api.call('admin', 'POST', moveUrl(appointments, rec.id), { to: 'completed', version: rec.version });
    if (dayIn(new Date()) === day) return;
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors[0].code).toBe('too_early');
  });

  test.each([['00:00'], ['23:59']])('on its day (%s there, before or after now) both moves are allowed', async (hhmm) => {
    const today = dayIn(new Date());
    const done = await appointmentAt(atLocal(today, hhmm));
    const completed = await api.call('admin', 'POST', moveUrl(appointments, done.id), { to: 'completed', version: done.version });
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.data).toMatchObject({ status: 'completed', version: done.version + 1 });
    const missed = await appointmentAt(atLocal(today, hhmm));
    const r = await api.call('admin', 'POST', moveUrl(appointments, missed.id), { to: 'missed', version: missed.version });
    expect(r.status, r.text).toBe(200);
  });

  test('days before are allowed, and the rule is only these moves: a future appointment may still be cancelled or rescheduled', async () => {
    const old = await appointmentAt(atLocal(plusDays(dayIn(new Date()), -3), '18:00'));
    expect((await api.call('admin', 'POST', moveUrl(appointments, old.id), { to: 'completed', version: old.version })).status).toBe(200);
    const ahead = await appointmentAt(atLocal(plusDays(dayIn(new Date()), 9), '10:00'));
    const cancelled = await api.call('admin', 'POST', moveUrl(appointments, ahead.id), { to: 'cancelled', version: ahead.version, reason: 'Patient travelling' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const later = await appointmentAt(atLocal(plusDays(dayIn(new Date()), 9), '10:00'));
    const moved = await api.call('admin', 'POST', moveUrl(appointments, later.id), { to: 'rescheduled', version: later.version, values: { scheduledAt: atLocal(plusDays(dayIn(new Date()), 12), '11:00').toISOString() } });
    expect(moved.status, moved.text).toBe(200);
  });
});

describe('a slot that has begun takes no booking', () => {
  async function slotAt(date: string, startTime: string) {
    const doctor = (await api.insert(getEntity('doctor')))!;
    const r = await api.call('superadmin', 'POST', `/api/${slots.api}`, { ...(await api.payload(slots)), fmc: api.homeCentre, doctor: doctor.id, date, startTime, endTime: '23:59', capacity: 5, status: 'open' });
    expect(r.status, r.text).toBe(201);
    return Number(r.body.data.id);
  }
  const book = async (slot: number) => api.call('fmc', 'POST', `/api/${slots.api}/${slot}/book`, { patient: Number((await api.insert(getEntity('patients')))!.id) });

  test.each([['yesterday at 10:00', -1, '10:00'], ['today at 00:00', 0, '00:00']])('%s where the centres are → 409 slot_past; no seat, no appointment', async (_, offset, startTime) => {
    const slot = await slotAt(plusDays(dayIn(new Date()), offset), startTime);
    const before = await api.count(appointments);
    const r = await book(slot);
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors).toEqual([{ code: 'slot_past', message: 'This slot has already begun: it can no longer be booked' }]);
    expect(translatable(r.body.errors[0].message)).toBe(true);
    expect((await api.row(slots, slot))!.booked).toBe(0);
    expect(await api.count(appointments)).toBe(before);
  });

  test('tomorrow\'s slot is booked', async () => {
    const slot = await slotAt(plusDays(dayIn(new Date()), 1), '10:00');
    const r = await book(slot);
    expect(r.status, r.text).toBe(201);
  });
});

describe('a payment of a cancelled appointment is not completed', () => {
  async function paymentFor(appointmentStatus: string) {
    const appointment = (await api.insert(appointments))!;
    await sql`update appointment set status = ${appointmentStatus} where id = ${Number(appointment.id)}`.execute(api.db);
    const pay = (await api.insert(payments))!;
    await sql`update payment set status = 'pending', appointment = ${Number(appointment.id)} where id = ${Number(pay.id)}`.execute(api.db);
    return { id: Number(pay.id), version: Number(pay.version) };
  }

  test('409 ref_status, saying why; the payment stays pending and no invoice is issued', async () => {
    const pay = await paymentFor('cancelled');
    const r = await api.call(who(payments, 'complete'), 'POST', moveUrl(payments, pay.id), { to: 'completed', version: pay.version });
    expect(r.status, r.text).toBe(409);
    expect(r.body.errors).toEqual([{ code: 'ref_status', field: 'appointment', message: "This payment's appointment was cancelled: the payment cannot be marked completed" }]);
    expect(translatable(r.body.errors[0].message)).toBe(true);
    expect((await api.row(payments, pay.id))!).toMatchObject({ status: 'pending', version: pay.version });
    expect((await sql`select 1 from invoice where payment = ${pay.id}`.execute(api.db)).rows).toEqual([]);
  });

  test.each([['confirmed'], ['completed']])('an appointment %s: completed, and its invoice issued', async (status) => {
    const pay = await paymentFor(status);
    const r = await api.call(who(payments, 'complete'), 'POST', moveUrl(payments, pay.id), { to: 'completed', version: pay.version });
    expect(r.status, r.text).toBe(200);
    expect((await sql`select 1 from invoice where payment = ${pay.id}`.execute(api.db)).rows).toHaveLength(1);
  });

  test('the other moves of a pending payment are not held back', async () => {
    const pay = await paymentFor('cancelled');
    expect((await api.call(who(payments, 'cancel'), 'POST', moveUrl(payments, pay.id), { to: 'cancelled', version: pay.version })).status).toBe(200);
  });
});

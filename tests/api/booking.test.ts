import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { SEAT_RELEASED } from '../../src/server/crud/slot-booking';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * Booking a slot makes the appointment (issue 19, section 3): in one transaction, confirmed, with the slot, its centre and
 * doctor, at its start where the centre is, numbered as the next of its year; cancelling or rescheduling the appointment
 * gives the seat back, and cancelling the booking cancels the appointment.
 */
const api = setupApi();
const slots = getEntity('fmcslots');
const appointments = getEntity('appointments');
const patients = getEntity('patients');

async function slotOn(date: string, extra: Record<string, unknown> = {}) {
  const doctor = (await api.insert(getEntity('doctor')))!;
  return (await api.call('superadmin', 'POST', `/api/${slots.api}`, { ...(await api.payload(slots)), fmc: api.homeCentre, doctor: doctor.id, date, startTime: '09:30', endTime: '10:00', capacity: 10, status: 'open', ...extra })).body.data;
}
const patient = async () => Number((await api.insert(patients))!.id);
const book = (role: 'fmc' | 'superadmin', slot: number, p: number) => api.call(role, 'POST', `/api/${slots.api}/${slot}/book`, { patient: p });
const seats = async (slot: number) => Number((await api.row(slots, slot))!.booked);

describe('booking a slot makes its appointment', () => {
  test('confirmed, with the slot, centre and doctor, at the slot\'s start in India, at the doctor\'s fee, numbered', async () => {
    const slot = await slotOn('2031-03-04');
    const p = await patient();
    const r = await book('fmc', slot.id, p);
    expect(r.status, r.text).toBe(201);
    expect(r.body.data.booked).toBe(1);
    const a = (await api.call('superadmin', 'GET', `/api/${appointments.api}/${r.body.data.appointment.id}`)).body.data;
    const doctor = (await api.call('superadmin', 'GET', `/api/doctor/${slot.doctor}`)).body.data;
    expect(a).toMatchObject({ status: 'confirmed', slot: slot.id, doctor: slot.doctor, fmc: api.homeCentre, patient: p, mode: 'in_clinic', durationMinutes: 30, fee: doctor.consultationFee });
    // 09:30 at the centre (Asia/Kolkata, UTC+5:30) is 04:00 UTC.
    expect(a.scheduledAt).toBe('2031-03-04T04:00:00.000Z');
    expect(a.number).toMatch(/^APT-2031-\d{6}$/);
  });

  test('the year\'s numbers go on from the highest already there, and bookings at once each get their own', async () => {
    const seeded = await api.payload(appointments);
    await createRecord(api.db, appointments, { ...seeded, number: 'APT-2032-000050', scheduledAt: '2032-01-05T05:00:00.000Z' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const slot = await slotOn('2032-02-01');
    const ps = await Promise.all(Array.from({ length: 10 }, patient));
    const replies = await Promise.all(ps.map((p) => book('superadmin', slot.id, p)));
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
    const numbers = replies.map((r) => r.body.data.appointment.number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `APT-2032-${String(51 + i).padStart(6, '0')}`));
    // Full: the eleventh is refused and makes nothing.
    const before = await api.count(appointments);
    expect((await book('superadmin', slot.id, await patient())).status).toBe(409);
    expect(await api.count(appointments)).toBe(before);
  });

  test('a patient who does not exist answers alike for every role that books: no seat taken, nothing told', async () => {
    const slot = await slotOn('2031-07-08');
    const answers = [];
    for (const role of ['fmc', 'superadmin'] as const) {
      const r = await book(role, slot.id, 2_000_000_000);
      answers.push({ status: r.status, body: r.body });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({ status: 400, body: { errors: [{ message: 'The chosen record does not exist', field: 'patient', code: 'not_found' }] } });
    expect(await seats(slot.id)).toBe(0);
  });

  test('a slot without a doctor cannot be booked: nothing is taken or made', async () => {
    const slot = await slotOn('2031-05-06', { doctor: null });
    const before = await api.count(appointments);
    const r = await book('fmc', slot.id, await patient());
    expect(r.status).toBe(409);
    expect(r.body.errors[0].code).toBe('slot_no_doctor');
    expect(await seats(slot.id)).toBe(0);
    expect(await api.count(appointments)).toBe(before);
  });
});

describe('the seat goes back', () => {
  const move = async (id: number, body: Record<string, unknown>) => {
    const a = (await api.call('superadmin', 'GET', `/api/${appointments.api}/${id}`)).body.data;
    return api.call('admin', 'POST', `/api/${appointments.api}/${id}/transition`, { version: a.version, ...body });
  };

  test('when the appointment is cancelled', async () => {
    const slot = await slotOn('2031-06-07');
    const r = await book('fmc', slot.id, await patient());
    expect(await seats(slot.id)).toBe(1);
    expect((await move(r.body.data.appointment.id, { to: 'cancelled', reason: 'Patient travelling' })).status).toBe(200);
    expect(await seats(slot.id)).toBe(0);
    expect((await api.call('fmc', 'GET', `/api/${slots.api}/${slot.id}/bookings`)).body.data).toEqual([]);
  });

  test('when it is rescheduled, and it leaves the slot', async () => {
    const slot = await slotOn('2031-06-08');
    const r = await book('fmc', slot.id, await patient());
    const moved = await move(r.body.data.appointment.id, { to: 'rescheduled', values: { scheduledAt: '2031-06-20T05:00:00.000Z' } });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.slot).toBeNull();
    expect(await seats(slot.id)).toBe(0);
  });

  test('cancelling the booking cancels its appointment, with the reason', async () => {
    const slot = await slotOn('2031-06-09');
    const p = await patient();
    const r = await book('fmc', slot.id, p);
    const del = await api.call('fmc', 'DELETE', `/api/${slots.api}/${slot.id}/book/${p}`);
    expect(del.status, del.text).toBe(200);
    const a = await api.row(appointments, r.body.data.appointment.id);
    expect(a).toMatchObject({ status: 'cancelled', cancellation_reason: SEAT_RELEASED });
    expect(await seats(slot.id)).toBe(0);
    const history = await sql<{ to_status: string }>`select to_status from status_history where entity = 'appointments' and record_id = ${r.body.data.appointment.id}`.execute(api.db);
    expect(history.rows.map((h) => h.to_status)).toEqual(['cancelled']);
  });
});

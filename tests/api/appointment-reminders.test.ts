import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { movableClock } from '../../src/server/scheduler/clock';
import { APPOINTMENT_REMINDER_JOB, doctorDayTopic, listDoctorsDay, remindPatients, startAppointmentReminders } from '../../src/server/reminders/appointment-reminders';
import { runDue } from '../../src/server/scheduler/runs';
import { setupApi } from './harness';

/**
 * Appointment reminders (issue 37 §3): the patient is sent a text (else a mail) APPOINTMENT_REMINDER_HOURS before,
 * in their language where known; once per appointment and time, also with two passes racing; a rescheduled one gets
 * a fresh reminder, a cancelled one none, never one for a time already past. The doctor's inbox holds their next day.
 * The scheduler's clock is moved by the test, never slept on.
 */
const api = setupApi();
const HOUR = 3600_000;
const settings = { hours: 24, timeZone: 'Asia/Kolkata' };
const def = getEntity('appointments');

/** An appointment, confirmed, at `at`, of a patient with this phone, e-mail and language. */
async function appointment(at: Date, patient: { phone: string | null; email?: string | null; language?: string | null }) {
  const rec = (await api.insert(def))!;
  await sql`update patient set phone = coalesce(${patient.phone}, phone), email = ${patient.email ?? null}, language = ${patient.language ?? null} where id = ${Number(rec.patient)}`.execute(api.db);
  if (patient.phone === null) await sql`update patient set phone = '0000' || id where id = ${Number(rec.patient)}`.execute(api.db);
  await sql`update appointment set status = 'confirmed', scheduled_at = ${at} where id = ${Number(rec.id)}`.execute(api.db);
  return Number(rec.id);
}
const sentFor = async (id: number) => (await sql<{ message_key: string; channel: string; recipient: string; subject: string; body: string }>`select message_key, channel, recipient, subject, body
  from outbox where message_key like ${`appointment:${id}:%`} order by id`.execute(api.db)).rows;
const version = async (id: number) => Number((await sql<{ version: number }>`select version from appointment where id = ${id}`.execute(api.db)).rows[0].version);
const move = (id: number, body: Record<string, unknown>) => api.call('admin', 'POST', `/api/appointments/${id}/transition`, body);

describe('appointment reminders', () => {
  test('a text that many hours before, in the patient\'s language, once even with two passes racing', async () => {
    const at = new Date(Date.now() + 50 * HOUR);
    const id = await appointment(at, { phone: '+91 98765 43210', language: 'fr' });
    expect(await remindPatients(api.db, new Date(at.getTime() - 25 * HOUR), settings)).toBeGreaterThanOrEqual(0);
    expect(await sentFor(id)).toEqual([]);
    const now = new Date(at.getTime() - 24 * HOUR);
    await Promise.all([remindPatients(api.db, now, settings), remindPatients(api.db, now, settings)]);
    await remindPatients(api.db, new Date(now.getTime() + HOUR), settings);
    const sent = await sentFor(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ message_key: `appointment:${id}:${at.toISOString()}`, channel: 'sms', recipient: '+919876543210' });
    expect(sent[0].body).toMatch(/^Rappel : votre rendez-vous APT-/);
  });

  test('a mail when there is no mobile number; English when the language is not known', async () => {
    const at = new Date(Date.now() + 60 * HOUR);
    const id = await appointment(at, { phone: null, email: 'asha@example.test' });
    await remindPatients(api.db, new Date(at.getTime() - 2 * HOUR), settings);
    const [mail] = await sentFor(id);
    expect(mail).toMatchObject({ channel: 'mail', recipient: 'asha@example.test' });
    expect(mail.subject).toMatch(/^Your appointment on /);
    expect(mail.body).toMatch(/^Reminder: your appointment APT-/);
  });

  test('rescheduled: a fresh reminder for the new time; cancelled: none; past: none', async () => {
    const at = new Date(Date.now() + 70 * HOUR);
    const id = await appointment(at, { phone: '+91 91234 56780' });
    await remindPatients(api.db, new Date(at.getTime() - 10 * HOUR), settings);
    expect(await sentFor(id)).toHaveLength(1);
    const later = new Date(at.getTime() + 48 * HOUR);
    const moved = await move(id, { to: 'rescheduled', version: await version(id), values: { scheduledAt: later.toISOString() } });
    expect(moved.status, moved.text).toBe(200);
    await remindPatients(api.db, new Date(later.getTime() - 30 * HOUR), settings);
    expect(await sentFor(id)).toHaveLength(1);
    await remindPatients(api.db, new Date(later.getTime() - 23 * HOUR), settings);
    expect((await sentFor(id)).map((m) => m.message_key)).toEqual([`appointment:${id}:${at.toISOString()}`, `appointment:${id}:${later.toISOString()}`]);

    const other = new Date(Date.now() + 80 * HOUR);
    const cancelled = await appointment(other, { phone: '+91 91234 56781' });
    expect((await move(cancelled, { to: 'cancelled', version: await version(cancelled), reason: 'Patient travelling' })).status).toBe(200);
    await remindPatients(api.db, new Date(other.getTime() - HOUR), settings);
    expect(await sentFor(cancelled)).toEqual([]);

    // A console that was down past the time sends nothing late.
    const past = new Date(Date.now() + 90 * HOUR);
    const missedIt = await appointment(past, { phone: '+91 91234 56782' });
    await remindPatients(api.db, new Date(past.getTime() + 60_000), settings);
    expect(await sentFor(missedIt)).toEqual([]);
  });

  test('the standing run: its passes, two racing, remind once; it goes on every minute', async () => {
    const clock = movableClock(new Date(Date.now() + 100 * HOUR));
    const at = new Date(clock.now().getTime() + 5 * HOUR);
    const id = await appointment(at, { phone: '+91 91234 56783' });
    await startAppointmentReminders(api.db, settings, clock);
    await Promise.all([runDue(api.db, { clock }), runDue(api.db, { clock })]);
    expect(await sentFor(id)).toHaveLength(1);
    const run = (await sql<{ state: string; due_at: Date }>`select state, due_at from job_run where job = ${APPOINTMENT_REMINDER_JOB} and key = 'standing'`.execute(api.db)).rows[0];
    expect(run.state).toBe('queued');
    expect(new Date(run.due_at).getTime()).toBe(clock.now().getTime() + 60_000);
    clock.advance(60_000);
    await runDue(api.db, { clock });
    expect(await sentFor(id)).toHaveLength(1);
  });

  test('the doctor\'s inbox holds their next day\'s count, once, changed in place', async () => {
    const doctorUser = api.userIds.doctor;
    const email = (await sql<{ email: string }>`select email from admin_user where id = ${doctorUser}`.execute(api.db)).rows[0].email;
    // A day well ahead, in the centres' zone: 10:00 there on it, and the evening before.
    const day = new Date(Date.now() + 200 * 24 * HOUR).toISOString().slice(0, 10);
    const tenThere = new Date(`${day}T04:30:00Z`);
    const ids = [await appointment(tenThere, { phone: '+91 91234 56784' }), await appointment(new Date(tenThere.getTime() + HOUR), { phone: '+91 91234 56785' })];
    const doc = Number((await sql<{ doctor: number }>`select doctor from appointment where id = ${ids[0]}`.execute(api.db)).rows[0].doctor);
    await sql`update doctor set email = ${email} where id = ${doc}`.execute(api.db);
    await sql`update appointment set doctor = ${doc} where id = any(${ids}::int[])`.execute(api.db);
    const evening = new Date(`${day}T00:00:00Z`); // 05:30 on the day there: "tomorrow" is the day after; too early.
    const before = new Date(evening.getTime() - 12 * HOUR); // 17:30 the day before, there
    await listDoctorsDay(api.db, before, settings);
    const item = async () => (await sql<{ params: Record<string, unknown>; read_at: string | null }>`select params, read_at from inbox_item where user_id = ${doctorUser} and topic = ${doctorDayTopic(day)}`.execute(api.db)).rows;
    expect(await item()).toEqual([expect.objectContaining({ params: { day, count: 2 }, read_at: null })]);
    await listDoctorsDay(api.db, new Date(before.getTime() + 60_000), settings);
    expect(await item()).toHaveLength(1);
    expect((await move(ids[1], { to: 'cancelled', version: await version(ids[1]), reason: 'Doctor away' })).status).toBe(200);
    await listDoctorsDay(api.db, new Date(before.getTime() + 120_000), settings);
    expect(await item()).toEqual([expect.objectContaining({ params: { day, count: 1 } })]);
    const inbox = await api.call('doctor', 'GET', '/api/me/notifications');
    expect(inbox.body.data.find((i: { kind: string }) => i.kind === 'doctorDay')).toMatchObject({ title: `Appointments tomorrow, ${day}: 1`, link: '/dashboard/fmc/drpatient' });
  });
});

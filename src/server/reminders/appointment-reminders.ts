import { sql } from 'kysely';
import { fillTemplate, LOCALE_OF, shiftDay, zonedDayStart, type Language } from '../../registry';
import type { DB } from '../db/connection';
import { setTopic } from '../inbox/store';
import { languageOf } from '../inbox/texts';
import { titlesOf } from '../screens/screen-query';
import { mobileNumber } from '../sms';
import type { Clock } from '../scheduler/clock';
import { queueKeyed } from '../scheduler/messages';
import { defineJob, enqueue } from '../scheduler/runs';

/**
 * Appointment reminders (issue 37 §3), one standing run of job `appointment.reminders` that looks every minute:
 *
 * - **Patients**: each appointment that is `confirmed` or `rescheduled` and starts within APPOINTMENT_REMINDER_HOURS
 *   (and has not started) gets a text message to the patient's mobile number, else a mail to their address, in the
 *   patient's language when the app knows it (`patient.language`), else English. Its outbox row's key is the
 *   appointment and its time (`appointment:12:2026-11-30T04:30:00.000Z`), written in the same statement as the row, in
 *   the transaction that locked the appointment: each appointment and time is reminded once, whichever process or
 *   pass gets there; a rescheduled one has a new time, so a new key and a fresh reminder; a cancelled, completed or
 *   missed one is no longer found, nor one whose time has passed (a console that was down does not send late ones).
 *   Looking rather than queueing a run per appointment catches every way an appointment is written (a booking, a
 *   move, an import) without a hook in each.
 * - **Doctors**: each doctor with an account (of role doctor, by e-mail address, as campaigns find them) has in their
 *   inbox one item for the next day in the centres' time zone, "Appointments tomorrow, 2026-11-30: 7", from that many
 *   hours before the day begins; it is the inbox's topic `appointments:2026-11-30`, so it is set once and changed in
 *   place (unread again) when the count changes, never repeated.
 *
 * The run is queued at each start with the settings in its payload (main.ts, `startAppointmentReminders`).
 */
export const APPOINTMENT_REMINDER_JOB = 'appointment.reminders';
const EVERY_MS = 60_000;
const BATCH = 200;

export interface ReminderSettings { hours: number; timeZone: string }

const WORDS: Record<Language, { text: string; centre: string; subject: string }> = {
  en: { text: 'Reminder: your appointment {{number}} with {{doctor}} is on {{when}}.', centre: 'Place: {{centre}}.', subject: 'Your appointment on {{when}}' },
  es: { text: 'Recordatorio: su cita {{number}} con {{doctor}} es el {{when}}.', centre: 'Lugar: {{centre}}.', subject: 'Su cita del {{when}}' },
  fr: { text: 'Rappel : votre rendez-vous {{number}} avec {{doctor}} est le {{when}}.', centre: 'Lieu : {{centre}}.', subject: 'Votre rendez-vous du {{when}}' },
  it: { text: 'Promemoria: il tuo appuntamento {{number}} con {{doctor}} è il {{when}}.', centre: 'Luogo: {{centre}}.', subject: 'Il tuo appuntamento del {{when}}' },
  zh: { text: '提醒：您与{{doctor}}的预约 {{number}} 时间为 {{when}}。', centre: '地点：{{centre}}。', subject: '您在 {{when}} 的预约' },
};

/** The appointment's time as its patient reads it, in the centres' time zone. */
const whenIn = (at: Date, lang: Language, timeZone: string) =>
  new Intl.DateTimeFormat(LOCALE_OF[lang], { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);

export const reminderKey = (id: number, at: Date) => `appointment:${id}:${at.toISOString()}`;

interface Due { id: number; number: string; status: string; scheduled_at: Date | string; doctor: number; fmc: number | null; phone: string | null; email: string | null; language: string | null }

/** The patient's reminder of one appointment, queued in its own transaction with the appointment locked. */
async function remindOne(db: DB, id: number, now: Date, s: ReminderSettings): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const a = (await sql<Due>`select a.id, a.number, a.status, a.scheduled_at, a.doctor, a.fmc, p.phone, p.email, p.language
      from appointment a join patient p on p.id = a.patient where a.id = ${id} for update of a`.execute(tx)).rows[0];
    const at = a && new Date(a.scheduled_at);
    // Looked at again under the lock: cancelled or moved meanwhile, or begun, it is not reminded (at this time).
    if (!a || !['confirmed', 'rescheduled'].includes(a.status) || at! <= now || at!.getTime() - now.getTime() > s.hours * 3_600_000) return false;
    const lang = languageOf(a.language);
    const doctor = (await titlesOf(tx, 'doctor', [Number(a.doctor)])).get(Number(a.doctor)) ?? '';
    const centre = a.fmc === null ? null : (await titlesOf(tx, 'fmc', [Number(a.fmc)])).get(Number(a.fmc)) ?? null;
    const w = WORDS[lang];
    const values = { number: a.number, doctor, when: whenIn(at!, lang, s.timeZone), centre };
    const body = [fillTemplate(w.text, values), centre ? fillTemplate(w.centre, values) : ''].filter(Boolean).join(' ');
    const mobile = mobileNumber(a.phone);
    const email = a.email?.trim() || null;
    if (!mobile && !email) return false;
    return queueKeyed(tx, {
      key: reminderKey(a.id, at!), channel: mobile ? 'sms' : 'mail', kind: 'appointmentReminder',
      recipient: mobile ?? email!, subject: mobile ? '' : fillTemplate(w.subject, values), body,
    });
  });
}

/** One look: every appointment due a reminder now gets it. Returns how many messages were queued. */
export async function remindPatients(db: DB, now: Date, s: ReminderSettings): Promise<number> {
  const until = new Date(now.getTime() + s.hours * 3_600_000);
  let queued = 0;
  let after = 0;
  for (;;) {
    // Those with no reminder at their time yet (the key), in id order, a batch at a time.
    const due = (await sql<{ id: number; scheduled_at: Date | string }>`select a.id, a.scheduled_at from appointment a
      where a.status in ('confirmed', 'rescheduled') and a.scheduled_at > ${now} and a.scheduled_at <= ${until} and a.id > ${after}
        and not exists (select 1 from outbox o where o.message_key = 'appointment:' || a.id || ':' || to_char(a.scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      order by a.id limit ${BATCH}`.execute(db)).rows;
    for (const d of due) if (await remindOne(db, Number(d.id), now, s)) queued++;
    if (due.length < BATCH) return queued;
    after = Number(due[due.length - 1].id);
  }
}

/** The day after `now`'s in the time zone, as YYYY-MM-DD. */
function nextDay(now: Date, timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return shiftDay(today, 1);
}

export const doctorDayTopic = (day: string) => `appointments:${day}`;

/**
 * Each doctor's list of the next day in their inbox, from `hours` before it begins. Returns the doctors whose item
 * was set or changed.
 */
export async function listDoctorsDay(db: DB, now: Date, s: ReminderSettings): Promise<number> {
  const day = nextDay(now, s.timeZone);
  const from = zonedDayStart(day, s.timeZone);
  if (now.getTime() < from - s.hours * 3_600_000) return 0;
  const to = zonedDayStart(shiftDay(day, 1), s.timeZone);
  const rows = (await sql<{ user_id: number; count: number }>`select u.id as user_id, count(*)::int as count
    from appointment a join doctor d on d.id = a.doctor
      join admin_user u on lower(u.email) = lower(d.email) and u.status = 'active'
      join role r on r.id = u.role and r.key = 'doctor'
    where a.status in ('confirmed', 'rescheduled') and a.scheduled_at >= ${new Date(from)} and a.scheduled_at < ${new Date(to)}
    group by u.id`.execute(db)).rows;
  let changed = 0;
  for (const r of rows) {
    changed += (await db.transaction().execute((tx) => setTopic(tx, doctorDayTopic(day), 'doctorDay', { day, count: Number(r.count) }, [Number(r.user_id)]))).length;
  }
  return changed;
}

defineJob(APPOINTMENT_REMINDER_JOB, async ({ db, run, clock }) => {
  const s = { hours: Number(run.payload.hours), timeZone: String(run.payload.timeZone) };
  const now = clock.now();
  const messages = await remindPatients(db, now, s);
  await listDoctorsDay(db, now, s);
  return { messages, continueAt: new Date(now.getTime() + EVERY_MS) };
});

/** Queues the standing run (at each start: the settings may have changed), due now. */
export async function startAppointmentReminders(db: DB, s: ReminderSettings, clock?: Clock): Promise<void> {
  await enqueue(db, { job: APPOINTMENT_REMINDER_JOB, key: 'standing', dueAt: (clock?.now() ?? new Date()), payload: { ...s } });
}

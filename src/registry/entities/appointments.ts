import { defineEntity } from '../entity';
import { f } from '../fields';

/**
 * A consultation. Patients book in the app, so the console reads appointments and moves their status; the
 * policy gives no add or edit. the platform's record model's fields, plus a unique `number` (APT-YYYY-NNNNNN) that staff quote
 * and search, `advice` beside the prescription lines, and `addons`: the centre's add-on services booked with the visit,
 * billed on its invoice beside the fee. The status history is the generic status_history
 * table, written by every transition.
 *
 * Transitions: the table of docs/decisions.md#statuses-and-transitions, with one addition: missed → rescheduled. A patient who missed a visit is
 * offered a new time; a final "missed" would leave staff no way to do what they do most with missed visits
 * (issue 7 asks for exactly that path: open a missed appointment, reschedule it, confirm it).
 */
export const APPOINTMENT_STATUSES = ['confirmed', 'completed', 'missed', 'cancelled', 'rescheduled'] as const;

export const appointments = defineEntity({
  name: 'appointments',
  api: 'appointments',
  table: 'appointment',
  fields: {
    number: f.code({ required: true, unique: true, sortable: true, searchable: true, pattern: /^APT-[0-9]{4}-[0-9]{6,8}$/, message: 'Use APT-YYYY-NNNNNN' }),
    patient: f.ref('patients', { required: true }),
    doctor: f.ref('doctor', { required: true }),
    fmc: f.ref('fmc'),
    slot: f.ref('fmcslots'),
    mode: f.enum(['in_clinic', 'video', 'home'], { required: true }),
    // Filterable as a range (`filter[scheduledAt]=from..to`): the appointments calendar reads a day or a week.
    scheduledAt: f.datetime({ required: true, sortable: true, filterable: true }),
    durationMinutes: f.int({ required: true, min: 5, max: 240, defaultValue: 15 }),
    status: f.enum(APPOINTMENT_STATUSES, { required: true }),
    reason: f.text({ max: 300 }),
    fee: f.money({ sortable: true }),
    addons: f.refs('addonservices'),
    prescription: f.list({
      medicine: f.ref('medicine', { required: true }),
      dose: f.text({ required: true, max: 80 }),
      days: f.int({ required: true, min: 1, max: 365 }),
    }, { max: 30 }),
    advice: f.longText({ max: 2000 }),
    followUp: f.ref('followupPeriod'),
    cancellationReason: f.text({ max: 300 }),
  },
  titleFields: ['number'],
  subtitleFields: ['scheduledAt'],
  columns: ['number', 'scheduledAt', 'patient', 'doctor', 'fmc', 'mode', 'fee', 'status'],
  defaultSort: { field: 'scheduledAt', dir: 'desc' },
  nav: { group: 'appointments', order: 10 },
  scope: 'fmc',
  // A status list reads the status's rows in time order: one index range per view, however rare the status. The fmc
  // dashboard counts the patients of a status's rows in 30 days from the index alone (status, scheduledAt, patient).
  indexes: [['status', 'scheduledAt'], ['status', 'scheduledAt', 'patient'], ['doctor', 'scheduledAt'], ['patient', 'scheduledAt'], ['fmc', 'scheduledAt']],
  workflow: {
    field: 'status',
    initial: 'confirmed',
    transitions: [
      { name: 'complete', from: ['confirmed'], to: 'completed', key: 'c', notBefore: 'scheduledAt' },
      { name: 'markMissed', from: ['confirmed'], to: 'missed', key: 'm', notBefore: 'scheduledAt' },
      // A new time is no longer the slot's: the seat goes back (server hooks), and the appointment leaves the slot.
      { name: 'reschedule', from: ['confirmed', 'missed'], to: 'rescheduled', input: ['scheduledAt'], sets: { slot: null }, key: 'r' },
      { name: 'confirm', from: ['rescheduled'], to: 'confirmed', key: 'o' },
      { name: 'cancel', from: ['confirmed', 'rescheduled'], to: 'cancelled', reason: true, sets: { cancellationReason: '$reason' }, key: 'x' },
    ],
  },
  views: [
    { segment: 'all' },
    ...(['completed', 'missed', 'confirmed', 'cancelled', 'rescheduled'] as const).map((s) => ({ segment: s, filters: { status: s } })),
  ],
});

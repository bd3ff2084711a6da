/**
 * The records of care and money (appointments, payments, invoices, reviews, payouts) made to hang together, as the
 * status lists, "Filter payments…", the fmc dashboard and a patient's timeline read them:
 *  - appointments in booking order over the last two years and the next month, 08:00–20:00 India time, their
 *    status following their time (past: completed mostly, some missed or cancelled; future: confirmed mostly),
 *    a prescription on most completed ones, busy centres and quiet ones;
 *  - one payment per appointment, with its patient, doctor and fee, initiated when it was booked (so the "recent"
 *    view, the last 7 days, is about 1% of them), its status following the appointment's;
 *  - invoices of payments, reviews of completed appointments, monthly payouts of every doctor.
 * Each record is a pure function of its position (a seeded generator per row), so a payment can recompute its
 * appointment without the appointments being kept anywhere, and the data set is the same on every seed.
 * Workflow statuses are written directly, as they stand, not walked through transitions: no status history rows.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
/** India Standard Time is UTC+5:30 all year. */
const IST = 330 * MINUTE;
export const PAST_DAYS = 730;
export const FUTURE_DAYS = 30;

/** One patient has appointments all through the two years: the timeline of a regular (about 500 events). */
export const FREQUENT_PATIENT_APPOINTMENTS = 300;

/** What a generator may read: ids of the entities seeded or already there, and the seed's clock. */
export interface World { now: number; refIds: (entity: string) => readonly number[] }
export interface CareRow { values: Record<string, unknown>; createdAt: number; updatedAt: number }
export type CareGenerator = (position: number, world: World) => CareRow;

/** A small generator seeded by the row: row n's values never depend on the rows made before it. */
function rowRandom(salt: number, n: number): () => number {
  let a = (Math.imul(n + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
const int = (rnd: Rnd, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
function weighted<T extends string>(rnd: Rnd, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let r = rnd() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of entries) if ((r -= w) < 0) return v;
  return entries[entries.length - 1][0];
}
const iso = (ms: number) => new Date(ms).toISOString();
const year = (ms: number) => new Date(ms).getUTCFullYear();
const seven = (n: number) => String(n).padStart(7, '0');

const REASONS = ['Fever and cough', 'Follow-up visit', 'Back pain', 'Headache', 'Diabetes review', 'Blood pressure check', 'Skin rash',
  'Stomach ache', 'Annual check-up', 'Joint pain', 'Cold and sore throat', 'Prescription renewal', 'Lab report review', 'Chest congestion'];
const CANCELLED = ['Patient asked to cancel', 'Doctor unavailable', 'Booked by mistake', 'Feeling better', 'Clash with work'];
const ADVICE = ['Drink plenty of fluids and rest.', 'Review in two weeks with the reports.', 'Reduce salt; walk 30 minutes a day.',
  'Avoid oily food for a week.', 'Take the full course of antibiotics.', 'Check sugar fasting and after meals; bring the readings.'];
const DOSES = ['1-0-1 after food', '1-1-1 after food', '0-0-1 at bedtime', '1-0-0 before breakfast', 'One tablet when needed', '5 ml twice a day'];
const COMMENTS = ['Very patient and explained everything clearly.', 'On time and helpful.', 'Waited long, but the consultation was good.',
  'The medicines worked within two days.', 'Did not listen to my concerns.', 'Clinic was clean and staff were polite.', 'Video call dropped twice.'];

export interface Appointment {
  id: number; patient: number; doctor: number; fmc: number | null; mode: string; scheduledAt: number; bookedAt: number;
  status: string; fee: number | null;
}

/** The appointment at `position` (0 … count-1), enough of it for its payment and review. */
export function appointmentAt(position: number, world: World): Appointment & { rnd: Rnd } {
  const ids = world.refIds('appointments');
  const rnd = rowRandom(1, position);
  const count = ids.length;
  const start = world.now - PAST_DAYS * DAY;
  // Booking order: the day grows with the position; the time is a quarter hour of a clinic day in India.
  const day = Math.floor(((position + rnd()) / count) * (PAST_DAYS + FUTURE_DAYS));
  const midnightIst = Math.floor((start + IST) / DAY) * DAY - IST;
  const scheduledAt = midnightIst + day * DAY + 8 * 60 * MINUTE + int(rnd, 0, 47) * 15 * MINUTE;
  // Booked up to two weeks ahead; a visit further ahead than that was booked some time in the last two weeks.
  const ahead = scheduledAt - int(rnd, 30, 14 * 24 * 60) * MINUTE;
  const bookedAt = ahead < world.now - MINUTE ? ahead : world.now - int(rnd, 1, 14 * 24 * 60) * MINUTE;
  const patients = world.refIds('patients');
  const stride = Math.max(1, Math.floor(count / FREQUENT_PATIENT_APPOINTMENTS));
  const patient = position % stride === stride - 1 ? patients[0] : pick(rnd, patients);
  const mode = weighted(rnd, { in_clinic: 60, video: 30, home: 10 });
  const fmcs = world.refIds('fmc');
  // Video consultations belong to no centre; centres are busy or quiet (the first few take most visits).
  const fmc = mode === 'video' || !fmcs.length ? null : fmcs[Math.floor(fmcs.length * rnd() ** 2)];
  const ago = world.now - scheduledAt;
  const status = ago < 0 ? weighted(rnd, { confirmed: 88, rescheduled: 7, cancelled: 5 })
    : ago < 2 * DAY ? weighted(rnd, { confirmed: 30, completed: 55, missed: 10, cancelled: 5 })
      : weighted(rnd, { completed: 76, missed: 12, cancelled: 9, rescheduled: 1, confirmed: 2 });
  const fee = rnd() < 0.05 ? null : (mode === 'video' ? int(rnd, 4, 16) : int(rnd, 6, 30)) * 50;
  return { id: ids[position], patient, doctor: pick(rnd, world.refIds('doctor')), fmc, mode, scheduledAt, bookedAt, status, fee, rnd };
}

function appointmentRow(position: number, world: World): CareRow {
  const a = appointmentAt(position, world);
  const { rnd } = a;
  const completed = a.status === 'completed';
  const medicines = world.refIds('medicine');
  const prescription = completed && medicines.length && rnd() < 0.7
    ? Array.from({ length: int(rnd, 1, 4) }, () => ({ medicine: pick(rnd, medicines), dose: pick(rnd, DOSES), days: pick(rnd, [3, 5, 7, 10, 14, 30]) }))
    : [];
  const followUps = world.refIds('followupPeriod');
  const values = {
    number: `APT-${year(a.scheduledAt)}-${seven(a.id)}`,
    patient: a.patient, doctor: a.doctor, fmc: a.fmc, slot: null, mode: a.mode,
    scheduledAt: iso(a.scheduledAt), durationMinutes: pick(rnd, [10, 15, 15, 20, 30]), status: a.status,
    reason: rnd() < 0.85 ? pick(rnd, REASONS) : null, fee: a.fee, prescription,
    advice: completed && rnd() < 0.5 ? pick(rnd, ADVICE) : null,
    followUp: completed && followUps.length && rnd() < 0.3 ? pick(rnd, followUps) : null,
    cancellationReason: a.status === 'cancelled' ? pick(rnd, CANCELLED) : null,
  };
  // Moved when it was last touched: marked after the visit, or cancelled before it.
  const touched = a.status === 'confirmed' ? a.bookedAt : Math.min(world.now, Math.max(a.bookedAt, a.scheduledAt + int(rnd, -3000, 600) * MINUTE));
  return { values, createdAt: a.bookedAt, updatedAt: touched };
}

const PAYMENT_BY_APPOINTMENT: Record<string, Record<string, number>> = {
  completed: { completed: 95, rejected: 3, pending: 2 },
  missed: { completed: 55, pending: 30, cancelled: 15 },
  cancelled: { cancelled: 60, rejected: 20, completed: 20 },
  rescheduled: { completed: 50, pending: 50 },
  confirmed: { completed: 60, pending: 35, rejected: 5 },
};

/** Payment n pays appointment n: the same patient, doctor and fee, initiated minutes after the booking. */
function paymentRow(position: number, world: World): CareRow {
  const appointments = world.refIds('appointments');
  const a = appointmentAt(position % appointments.length, world);
  const rnd = rowRandom(2, position);
  const id = world.refIds('payment')[position];
  const status = weighted(rnd, PAYMENT_BY_APPOINTMENT[a.status]);
  const method = weighted(rnd, { upi: 45, card: 25, wallet: 12, netbanking: 10, cash: 8 });
  const initiatedAt = Math.min(world.now - MINUTE, a.bookedAt + int(rnd, 0, 20) * MINUTE);
  const paidAt = status === 'completed' ? Math.min(world.now, initiatedAt + int(rnd, 5, 300) * 1000) : null;
  const values = {
    number: `PAY-${year(initiatedAt)}-${seven(id)}`,
    appointment: a.id, patient: a.patient, doctor: a.doctor, amount: a.fee ?? 500, method,
    gatewayRef: method === 'cash' ? null : `${method.slice(0, 3).toUpperCase()}${String(int(rnd, 1e9, 9.99e9))}`,
    status, initiatedAt: iso(initiatedAt), paidAt: paidAt === null ? null : iso(paidAt),
  };
  const touched = status === 'pending' ? initiatedAt : Math.min(world.now, paidAt ?? initiatedAt + int(rnd, 1, 60) * MINUTE);
  return { values, createdAt: initiatedAt, updatedAt: touched };
}

/** An invoice of every fifth-or-so payment: the consultation line (exempt), sometimes a test at 18% GST. */
function invoiceRow(position: number, world: World): CareRow {
  const payments = world.refIds('payment');
  const invoices = world.refIds('invoices');
  const p = Math.floor((position * payments.length) / invoices.length);
  const pay = paymentRow(p, world);
  const rnd = rowRandom(3, position);
  const amount = Number(pay.values.amount);
  const items = [{ description: 'Consultation', sac: '9993', qty: 1, unitPrice: amount, taxRate: 0 }];
  if (rnd() < 0.3) items.push({ description: pick(rnd, ['Blood sugar test', 'Lipid profile', 'ECG', 'Complete blood count']), sac: '9993', qty: 1, unitPrice: int(rnd, 2, 16) * 50, taxRate: 18 });
  const status = pay.values.status === 'completed' ? 'paid' : pay.values.status === 'pending' ? 'issued' : 'void';
  const values = {
    number: `INV-${year(pay.createdAt)}-${seven(invoices[position])}`,
    patient: pay.values.patient, payment: payments[p], items, issuedAt: iso(pay.createdAt), status,
    // The seller's own state: CGST + SGST (the column has no default: every invoice says which).
    interState: false,
  };
  return { values, createdAt: pay.createdAt, updatedAt: pay.updatedAt };
}

/** A review of a completed appointment (the next completed one from its share of the list), a day or so after it. */
function reviewRow(position: number, world: World): CareRow {
  const count = world.refIds('appointments').length;
  const from = Math.floor((position * count) / world.refIds('reviews').length);
  let a = appointmentAt(from, world);
  for (let i = 1; i < 20 && a.status !== 'completed'; i++) a = appointmentAt((from + i) % count, world);
  const rnd = rowRandom(4, position);
  const at = Math.min(world.now, a.scheduledAt + int(rnd, 60, 4 * 24 * 60) * MINUTE);
  const rating = Number(weighted(rnd, { 5: 45, 4: 30, 3: 12, 2: 6, 1: 7 }));
  const values = {
    patient: a.patient, doctor: a.doctor, appointment: a.id, rating,
    comment: rnd() < 0.8 ? pick(rnd, COMMENTS) : null, status: weighted(rnd, { published: 92, hidden: 8 }),
  };
  return { values, createdAt: at, updatedAt: at };
}

/** Every doctor's payouts, month after month back from this one; the last month's are due, older ones paid. */
function payoutRow(position: number, world: World): CareRow {
  const doctors = world.refIds('doctor');
  const rnd = rowRandom(5, position);
  const back = Math.floor(position / doctors.length);
  const now = new Date(world.now);
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const monthEnd = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1);
  const gross = int(rnd, 200, 4000) * 100;
  const paidOn = monthEnd + int(rnd, 3, 9) * DAY;
  const paid = back > 1 || (back === 1 && paidOn < world.now && rnd() < 0.7);
  const values = {
    doctor: doctors[position % doctors.length], period: month.toISOString().slice(0, 7), gross,
    commission: Math.round(gross * 15) / 100, status: paid ? 'paid' : 'due',
    paidAt: paid ? iso(paidOn) : null, reference: paid ? `UTR${String(int(rnd, 1e9, 9.99e9))}` : null,
  };
  const created = Math.min(world.now, monthEnd);
  return { values, createdAt: created, updatedAt: paid ? paidOn : created };
}

export const CARE_GENERATORS: Record<string, CareGenerator> = {
  appointments: appointmentRow, payment: paymentRow, invoices: invoiceRow, reviews: reviewRow, payout: payoutRow,
};

/** Where the other workflow records stand (their fields come from fakeRecord): most requests and tickets are done with. */
export const STATUS_WEIGHTS: Record<string, Record<string, number>> = {
  requestVerification: { verified: 70, requested: 15, pending: 15 },
  supportTicket: { closed: 60, resolved: 15, in_progress: 10, open: 15 },
};

/** A status for a workflow record made by fakeRecord (which leaves the status to the server). */
export function statusFor(entity: string, values: readonly string[], r: number): string {
  const weights = STATUS_WEIGHTS[entity] ?? Object.fromEntries(values.map((v) => [v, 1]));
  return weighted(() => r, weights);
}

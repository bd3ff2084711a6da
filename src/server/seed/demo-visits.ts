import type { Faker } from '@faker-js/faker';
import { CONSULTATION_TAX_RATE, invoiceFigures, isInterState } from '../../registry';
import type { Seller } from '../config';
import { issueInvoice } from '../crud/issue-invoice';
import { SYSTEM_ACTOR } from '../crud/write';
import type { DB } from '../db/connection';
import { numberer, StoryClock, type StoryMove, type StoryRecord, writeStory } from './demo-story';
import { CANCELLATION_REASONS, REVIEW_COMMENTS, TEST_RESULTS, VISIT_REASONS, WALK_IN_TESTS, type TestKind, type VisitReason } from './fake-data/workflows';

export interface DoctorInfo { id: number; name: string; fee: number; active: boolean }
export interface TestInfo { kind: TestKind; id: number; name: string; price: number }
/** A centre's add-on service: its price and its kind's GST rate. */
export interface AddonInfo { id: number; price: number; taxRate: number }
/** A patient booked on a centre's slot: the slot fixes the centre, the day and time, and the doctor when it names one. */
export interface Booking { slot: number; patient: number; fmc: number; doctor: number | null; date: string; startTime: string; endTime: string; capacity: number; index: number }

/** Who and what the visits are made of, read from the catalogue by demo-workflows.ts. */
export interface VisitCast {
  clock: StoryClock;
  faker: Faker;
  /** Verified doctors: only they are booked. */
  doctors: Map<number, DoctorInfo>;
  /** The verified doctors who work at each centre. */
  centreDoctors: Map<number, number[]>;
  activeCentres: number[];
  patients: number[];
  medicineId: Map<string, number>;
  tests: Map<string, TestInfo>;
  followUps: number[];
  bookings: Booking[];
  /** The first day (an offset from today, negative) of the appointments' history. */
  firstDay: number;
  /** Appointments booked without a slot, spread from firstDay to three weeks ahead. */
  count: number;
  /** The active add-on services of each centre. */
  addons: Map<number, AddonInfo[]>;
  /** Each patient's state (null: their address names none), which decides their invoices' tax heads. */
  patientStates: Map<number, { gstCode: string | null } | null>;
  /** The seller the invoices name. */
  seller: Seller;
}

type Mode = 'in_clinic' | 'video' | 'home';

interface Visit {
  patient: number; doctor: DoctorInfo; fmc: number | null; slot: number | null; mode: Mode;
  scheduledAt: Date; duration: number; bookedAt: Date; reason: VisitReason;
  status: string; moves: StoryMove[]; cancellationReason?: string; completedAt?: Date;
  test?: { info: TestInfo; at: Date }; withPrescription?: boolean;
  addons: AddonInfo[];
  id?: number;
}

const money = (n: number) => Math.round(n * 100) / 100;

/**
 * The care-and-money story: appointments (from the slot bookings, and booked without a slot), each moved to the
 * status its time calls for; for completed visits prescriptions, tests done at the centre, payments (a few
 * failed or abandoned first tries), invoices, reviews; and each doctor's monthly payouts.
 */
export async function seedVisits(db: DB, cast: VisitCast) {
  const { clock, faker } = cast;
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);
  const chance = (p: number) => faker.number.float({ min: 0, max: 1 }) < p;
  const minutes = (min: number, max: number) => faker.number.int({ min, max });
  const weighted = <T>(pairs: [T, number][]) => faker.helpers.weightedArrayElement(pairs.map(([value, weight]) => ({ value, weight })));
  const doctorIds = [...cast.doctors.keys()];
  const activeDoctorIds = doctorIds.filter((id) => cast.doctors.get(id)!.active);

  /** Booked some hours to days before the visit, never in the future. */
  const bookedBefore = (t: Date) => clock.capped(clock.plus(t, -minutes(120, 12 * 24 * 60)));

  // Staff close a day's visits as they go: of those of today and yesterday (IST) that have begun, every other one is
  // still confirmed, its day come, for staff to complete or mark missed. A visit is never moved before its time.
  const recentDays = [clock.day(), clock.day(-1)];
  let recentBegun = 0;

  /** The status a visit's time calls for, and the moves that led there. */
  function settle(v: Visit, canReschedule: boolean) {
    const end = clock.plus(v.scheduledAt, v.duration);
    if (clock.isPast(v.scheduledAt) && recentDays.includes(clock.dayOf(v.scheduledAt)) && recentBegun++ % 2 === 0) {
      v.status = 'confirmed';
      return;
    }
    if (clock.isPast(v.scheduledAt)) {
      const outcome = canReschedule
        ? weighted<string>([['completed', 80], ['missed', 11], ['cancelled', 6], ['rescheduled', 3]])
        : weighted<string>([['completed', 87], ['missed', 13]]);
      if (outcome === 'completed') {
        v.completedAt = clock.capped(clock.plus(end, minutes(0, 10)));
        if (v.completedAt < v.scheduledAt) v.completedAt = v.scheduledAt;
        v.moves.push({ to: 'completed', at: v.completedAt });
      } else if (outcome === 'cancelled') {
        v.cancellationReason = pick(CANCELLATION_REASONS);
        v.moves.push({ to: 'cancelled', at: new Date(faker.number.int({ min: +v.bookedAt, max: +v.scheduledAt })), reason: v.cancellationReason });
      } else {
        const missedAt = clock.capped(clock.plus(v.scheduledAt, minutes(60, 180)));
        v.moves.push({ to: 'missed', at: missedAt < v.scheduledAt ? v.scheduledAt : missedAt });
        if (outcome === 'rescheduled') {
          // Staff called the patient and offered a new time: the appointment now waits for the patient's confirmation.
          const at = clock.capped(clock.plus(missedAt, minutes(30, 24 * 60)));
          v.moves.push({ to: 'rescheduled', at: at < missedAt ? missedAt : at });
          v.scheduledAt = clock.at(clock.day(minutes(1, 10)), pick(['10:00', '11:30', '16:00', '17:30']));
        }
      }
    } else if (canReschedule) {
      const outcome = weighted<string>([['confirmed', 78], ['confirmedAgain', 7], ['rescheduled', 8], ['cancelled', 7]]);
      const between = () => new Date(faker.number.int({ min: +v.bookedAt, max: Math.max(+v.bookedAt, +clock.latest) }));
      if (outcome === 'cancelled') {
        v.cancellationReason = pick(CANCELLATION_REASONS);
        v.moves.push({ to: 'cancelled', at: between(), reason: v.cancellationReason });
      } else if (outcome !== 'confirmed') {
        const at = between();
        v.moves.push({ to: 'rescheduled', at });
        if (outcome === 'confirmedAgain') v.moves.push({ to: 'confirmed', at: new Date(faker.number.int({ min: +at, max: Math.max(+at, +clock.latest) })) });
      }
    }
    v.status = v.moves.length ? v.moves[v.moves.length - 1].to : 'confirmed';
  }

  // Appointments on the centres' slots.
  const visits: Visit[] = [];
  for (const b of cast.bookings) {
    const doctorId = b.doctor ?? pick(cast.centreDoctors.get(b.fmc) ?? doctorIds);
    const doctor = cast.doctors.get(doctorId);
    if (!doctor) continue;
    const [sh, sm] = b.startTime.split(':').map(Number);
    const [eh, em] = b.endTime.split(':').map(Number);
    const step = Math.max(5, Math.min(30, Math.floor(((eh * 60 + em) - (sh * 60 + sm)) / b.capacity)));
    const scheduledAt = clock.plus(clock.at(b.date, b.startTime.slice(0, 5)), b.index * step);
    const reason = pick(VISIT_REASONS);
    const v: Visit = { patient: b.patient, doctor, fmc: b.fmc, slot: b.slot, mode: 'in_clinic', scheduledAt, duration: step, bookedAt: bookedBefore(scheduledAt), reason, status: 'confirmed', moves: [], addons: [] };
    settle(v, false);
    visits.push(v);
  }

  // Appointments booked without a slot: video calls, home visits, and walk-in bookings at a centre.
  for (let i = 0; i < cast.count; i++) {
    const patient = pick(cast.patients);
    const reason = pick(VISIT_REASONS);
    const mode: Mode = reason.remote && chance(0.55) ? 'video' : chance(0.12) ? 'home' : 'in_clinic';
    let fmc: number | null = null;
    let doctorId: number;
    if (mode === 'video') {
      doctorId = pick(activeDoctorIds);
      const theirs = [...cast.centreDoctors].filter(([, ds]) => ds.includes(doctorId)).map(([c]) => c);
      fmc = theirs.length && chance(0.5) ? pick(theirs) : null;
    } else {
      // Most patients go to the centre near them (one per patient), some elsewhere.
      fmc = chance(0.7) ? cast.activeCentres[patient % cast.activeCentres.length] : pick(cast.activeCentres);
      const here = (cast.centreDoctors.get(fmc) ?? []).filter((d) => cast.doctors.get(d)?.active);
      doctorId = pick(here.length ? here : activeDoctorIds);
    }
    const day = clock.day(faker.number.int({ min: cast.firstDay, max: 21 }));
    const time = `${String(minutes(9, 19)).padStart(2, '0')}:${pick(['00', '15', '30', '45'])}`;
    const scheduledAt = clock.at(day, time);
    const duration = mode === 'home' ? pick([30, 45]) : mode === 'video' ? 15 : pick([15, 15, 20, 30]);
    const v: Visit = { patient, doctor: cast.doctors.get(doctorId)!, fmc, slot: null, mode, scheduledAt, duration, bookedAt: bookedBefore(scheduledAt), reason, status: 'confirmed', moves: [], addons: [] };
    settle(v, true);
    visits.push(v);
  }

  // What completed visits left behind: a prescription (most), a test at the centre (some).
  for (const v of visits.filter((x) => x.status === 'completed')) {
    v.withPrescription = chance(0.86);
    const info = v.reason.test && cast.tests.get(v.reason.test.name);
    if (info && v.fmc !== null && chance(0.45)) {
      const at = clock.plus(v.completedAt!, minutes(5, 25));
      if (clock.isPast(at)) v.test = { info, at };
    }
  }

  // Some visits at a centre or at home come with one of the centre's add-on services, billed beside the fee.
  for (const v of visits) {
    const offered = v.fmc === null || v.mode === 'video' ? [] : cast.addons.get(v.fmc) ?? [];
    if (offered.length && chance(0.3)) v.addons = [pick(offered)];
  }

  visits.sort((a, b) => +a.bookedAt - +b.bookedAt);
  const aptNumber = numberer('APT');
  // What the patient pays: the invoice's total (crud/issue-invoice.ts), the fee and the add-ons with their tax.
  const amountDue = (v: Visit) => invoiceFigures([
    { description: 'Consultation', qty: 1, unitPrice: v.doctor.fee, taxRate: CONSULTATION_TAX_RATE },
    ...v.addons.map((a) => ({ description: 'Add-on', qty: 1, unitPrice: a.price, taxRate: a.taxRate })),
  ], isInterState(cast.patientStates.get(v.patient), cast.seller.gstin)).total;
  const appointments = await writeStory(db, 'appointments', visits.map((v): StoryRecord => ({
    createdAt: v.bookedAt,
    moves: v.moves,
    given: { slot: v.slot },
    values: {
      number: aptNumber(clock.year(v.bookedAt)), patient: v.patient, doctor: v.doctor.id, fmc: v.fmc, mode: v.mode,
      scheduledAt: v.scheduledAt.toISOString(), durationMinutes: v.duration, reason: v.reason.reason, fee: v.doctor.fee, addons: v.addons.map((a) => a.id),
      prescription: v.withPrescription ? v.reason.medicines.filter(([name]) => cast.medicineId.has(name))
        .map(([name, dose, days]) => ({ medicine: cast.medicineId.get(name)!, dose, days })) : [],
      advice: v.status === 'completed' && (v.withPrescription || chance(0.5)) ? v.reason.advice : null,
      followUp: v.status === 'completed' && cast.followUps.length && chance(0.4) ? pick(cast.followUps) : null,
    },
  })));
  visits.forEach((v, i) => { v.id = Number(appointments[i].id); });

  const tests = await seedTests(db, cast, visits);
  const payments = await seedPayments(db, cast, visits, amountDue);
  const reviews = await seedReviews(db, cast, visits);
  return { appointments: visits.length, tests, ...payments, reviews };
}

/** Tests at the centres: those ordered at a visit, kiosk tests people walked in for, lab tests booked ahead, a few cancelled. */
async function seedTests(db: DB, cast: VisitCast, visits: Visit[]) {
  const { clock, faker } = cast;
  const n = (min: number, max: number, digits = 0) => faker.number.float({ min, max, fractionDigits: digits }).toFixed(digits);
  const result = (name: string) => (TEST_RESULTS[name] ?? (() => 'Within normal limits'))(n);
  const field = { kiosk: 'kioskTest', lab: 'labTest', imaging: 'imagingTest' } as const;
  const rows: { fmc: number; patient: number; info: TestInfo; at: Date; status: string; createdAt: Date }[] = [];
  for (const v of visits) if (v.test) rows.push({ fmc: v.fmc!, patient: v.patient, info: v.test.info, at: v.test.at, status: 'completed', createdAt: v.completedAt! });
  const walkIns = WALK_IN_TESTS.map((name) => cast.tests.get(name)).filter((t): t is TestInfo => !!t);
  const labs = [...cast.tests.values()].filter((t) => t.kind === 'lab');
  for (let i = 0; i < 80 && walkIns.length; i++) {
    const at = clock.at(clock.day(faker.number.int({ min: -60, max: 0 })), `${String(faker.number.int({ min: 8, max: 19 })).padStart(2, '0')}:${faker.helpers.arrayElement(['05', '20', '35', '50'])}`);
    if (!clock.isPast(at)) continue;
    rows.push({ fmc: faker.helpers.arrayElement(cast.activeCentres), patient: faker.helpers.arrayElement(cast.patients), info: faker.helpers.arrayElement(walkIns), at, status: 'completed', createdAt: at });
  }
  for (let i = 0; i < 24 && labs.length; i++) {
    const ahead = i < 18;
    const at = clock.at(clock.day(ahead ? faker.number.int({ min: 1, max: 14 }) : faker.number.int({ min: -30, max: -1 })), faker.helpers.arrayElement(['07:30', '08:00', '08:30', '09:00']));
    const createdAt = clock.capped(clock.plus(at, -faker.number.int({ min: 1, max: 6 }) * 24 * 60));
    rows.push({ fmc: faker.helpers.arrayElement(cast.activeCentres), patient: faker.helpers.arrayElement(cast.patients), info: faker.helpers.arrayElement(labs), at, status: ahead ? 'scheduled' : 'cancelled', createdAt });
  }
  rows.sort((a, b) => +a.createdAt - +b.createdAt);
  const ftNumber = numberer('FT');
  await writeStory(db, 'fmctests', rows.map((r) => ({
    createdAt: r.createdAt,
    values: {
      number: ftNumber(clock.year(r.createdAt)), fmc: r.fmc, patient: r.patient, kind: r.info.kind,
      kioskTest: null, labTest: null, imagingTest: null, [field[r.info.kind]]: r.info.id,
      values: r.status === 'completed' ? result(r.info.name) : null, performedAt: r.at.toISOString(), status: r.status,
    },
  })));
  return rows.length;
}

interface Pay { visit: Visit; method: string; at: Date; moves: StoryMove[]; paidAt?: Date }

/**
 * Patients pay after the consultation (and the test, when there was one). A few first tries are declined or
 * abandoned and paid again; some of the last week's are still pending. Each completed payment has its invoice, issued
 * as the console issues it when a payment completes, and each doctor's completed payments of a past month make that
 * month's payout.
 */
async function seedPayments(db: DB, cast: VisitCast, visits: Visit[], amountDue: (v: Visit) => number) {
  const { clock, faker } = cast;
  const seconds = (min: number, max: number) => faker.number.int({ min, max }) / 60;
  const methodFor = (v: Visit) => faker.helpers.weightedArrayElement((v.mode === 'video'
    ? [['upi', 50], ['card', 25], ['netbanking', 12], ['wallet', 13]]
    : [['upi', 40], ['card', 20], ['cash', 25], ['wallet', 8], ['netbanking', 7]]).map(([value, weight]) => ({ value: value as string, weight: weight as number })));
  const pays: Pay[] = [];
  for (const v of visits) {
    if (v.status !== 'completed') continue;
    let t = clock.plus(v.test?.at ?? v.completedAt!, faker.number.int({ min: 2, max: 20 }));
    if (!clock.isPast(t)) continue; // still at the counter
    const r = faker.number.float({ min: 0, max: 1 });
    if (r < 0.09) {
      const declined = r < 0.05;
      const end = clock.plus(t, declined ? seconds(20, 90) : faker.number.int({ min: 2, max: 10 }));
      if (!clock.isPast(end)) continue;
      pays.push({ visit: v, method: declined ? faker.helpers.arrayElement(['card', 'upi']) : faker.helpers.arrayElement(['upi', 'netbanking']), at: t, moves: [{ to: declined ? 'rejected' : 'cancelled', at: end }] });
      t = clock.plus(end, faker.number.int({ min: 3, max: 30 }));
      if (!clock.isPast(t)) continue;
    }
    const method = methodFor(v);
    const paidAt = clock.plus(t, method === 'cash' ? seconds(5, 60) : seconds(15, 240));
    const recent = +clock.latest - +v.completedAt! < 7 * 24 * 3600_000;
    if (!clock.isPast(paidAt) || (recent && faker.number.float({ min: 0, max: 1 }) < 0.2)) {
      pays.push({ visit: v, method, at: t, moves: [] }); // the patient has the payment link but has not paid yet
    } else {
      pays.push({ visit: v, method, at: t, moves: [{ to: 'completed', at: paidAt }], paidAt });
    }
  }
  pays.sort((a, b) => +a.at - +b.at);
  const payNumber = numberer('PAY');
  const written = await writeStory(db, 'payment', pays.map((p) => ({
    createdAt: p.at,
    moves: p.moves,
    values: {
      number: payNumber(clock.year(p.at)), appointment: p.visit.id, patient: p.visit.patient, doctor: p.visit.doctor.id,
      amount: amountDue(p.visit), method: p.method, gatewayRef: p.method === 'cash' ? null : `pay_${faker.string.alphanumeric({ length: 14 })}`,
      initiatedAt: p.at.toISOString(),
    },
  })));

  // Invoices: one per completed payment, issued when it was paid, numbered in that order.
  const paid = pays.map((p, i) => ({ ...p, record: written[i] })).filter((p) => p.paidAt).sort((a, b) => +a.paidAt! - +b.paidAt!);
  for (const p of paid) await issueInvoice(db, p.record, { actor: SYSTEM_ACTOR, seller: cast.seller, at: p.paidAt });

  // Payouts: each doctor's completed payments of each past month; last month's is due, earlier ones paid early in the next month.
  const thisMonth = clock.month(clock.now);
  const byDoctorMonth = new Map<string, { doctor: number; period: string; gross: number }>();
  for (const p of paid) {
    const period = clock.month(p.paidAt!);
    if (period >= thisMonth) continue;
    const key = `${p.visit.doctor.id}/${period}`;
    const row = byDoctorMonth.get(key) ?? { doctor: p.visit.doctor.id, period, gross: 0 };
    row.gross = money(row.gross + amountDue(p.visit));
    byDoctorMonth.set(key, row);
  }
  const lastMonth = [...byDoctorMonth.values()].reduce((m, r) => (r.period > m ? r.period : m), '');
  const payouts = [...byDoctorMonth.values()].sort((a, b) => a.period.localeCompare(b.period) || a.doctor - b.doctor).map((r): StoryRecord => {
    const [y, m] = r.period.split('-').map(Number);
    const next = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}`;
    const createdAt = clock.at(`${next}-01`, '06:00');
    const due = r.period === lastMonth;
    const paidAt = clock.at(`${next}-${String(faker.number.int({ min: 5, max: 7 })).padStart(2, '0')}`, `${faker.number.int({ min: 10, max: 16 })}:${faker.helpers.arrayElement(['05', '20', '40'])}`);
    return {
      createdAt,
      moves: due ? [] : [{ to: 'paid', at: paidAt }],
      values: {
        doctor: r.doctor, period: r.period, gross: r.gross, commission: money(r.gross * 0.15),
        reference: due ? null : `NEFT-HDFC-${paidAt.toISOString().slice(0, 10).replace(/-/g, '')}-${faker.string.numeric(6)}`,
      },
    };
  });
  await writeStory(db, 'payout', payouts);
  return { payments: pays.length, invoices: paid.length, payouts: payouts.length };
}

/** Reviews of some completed visits, mostly good; spam and abuse hidden by staff. */
async function seedReviews(db: DB, cast: VisitCast, visits: Visit[]) {
  const { clock, faker } = cast;
  const rows: StoryRecord[] = [];
  for (const v of visits) {
    if (v.status !== 'completed' || faker.number.float({ min: 0, max: 1 }) > 0.3) continue;
    const at = clock.plus(v.completedAt!, faker.number.int({ min: 60, max: 3 * 24 * 60 }));
    if (!clock.isPast(at)) continue;
    const rating = faker.helpers.weightedArrayElement([5, 4, 3, 2, 1].map((value, i) => ({ value, weight: [50, 28, 10, 6, 6][i] })));
    const comment = faker.number.int(9) < 8 ? faker.helpers.arrayElement(REVIEW_COMMENTS[rating]) : null;
    const hide = comment?.includes('XXXX') || (rating <= 2 && faker.number.int(3) === 0) || faker.number.int(60) === 0;
    const hiddenAt = clock.capped(clock.plus(at, faker.number.int({ min: 30, max: 2 * 24 * 60 })));
    rows.push({
      createdAt: at,
      moves: hide ? [{ to: 'hidden', at: hiddenAt < at ? at : hiddenAt }] : [],
      values: { patient: v.patient, doctor: v.doctor.id, appointment: v.id, rating, comment },
    });
  }
  rows.sort((a, b) => +a.createdAt - +b.createdAt);
  await writeStory(db, 'reviews', rows);
  return rows.length;
}

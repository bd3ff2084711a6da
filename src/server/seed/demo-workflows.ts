import type { Faker } from '@faker-js/faker';
import { sql, type RawBuilder } from 'kysely';
import { assignableRoles, CENTRE_SCOPED_ROLES, getEntity } from '../../registry';
import { reserveSeat } from '../crud/slot-booking';
import { editRecord } from './demo-edits';
import { createRecord, SYSTEM_ACTOR } from '../crud/write';
import type { Seller } from '../config';
import type { DB } from '../db/connection';
import { HOUR, StoryClock, type StoryMove, type StoryRecord, writeStory } from './demo-story';
import { seedVisits, type AddonInfo, type Booking, type DoctorInfo, type TestInfo } from './demo-visits';
import { demoDocumentExt, writeDemoDocuments } from './demo-documents';
import { ident } from '../db/entity-table';
import { TICKETS, VERIFICATION_DOCUMENTS, VERIFICATION_REJECTIONS, type TestKind } from './fake-data/workflows';

type Row = Record<string, unknown>;

const table = (entity: string) => sql.raw(ident(getEntity(entity).table));
const rows = async <T,>(db: DB, query: RawBuilder<T>) => (await query.execute(db)).rows;

/**
 * Issue 7's records as one story, after the catalogue (demo-catalogue.ts): the demo fmc and doctor accounts work
 * at two centres that have slots and appointments every day around today; doctors are verified (or on their way)
 * by requests with their history; appointments, tests, payments, invoices, reviews and payouts follow from the
 * bookings (demo-visits.ts); centres raise support tickets; and family members' ages fit their relationship.
 * Every date is relative to the day of seeding.
 */
export async function seedWorkflows(db: DB, faker: Faker, opts: { scryptLogN: number; seller: Seller; dataDir?: string; log: (line: string) => void }) {
  const clock = new StoryClock();
  const pick = <T>(list: readonly T[]) => faker.helpers.arrayElement(list);

  const staff = await rows(db, sql<{ id: number; email: string; role: string; status: string }>`
    select u.id, u.email, r.key as role, u.status from ${table('admin-user')} u join ${table('roles')} r on r.id = u.role order by u.id`);
  const centres = await rows(db, sql<{ id: number; status: string; owner: number | null }>`select id, status, owner from ${table('fmc')} order by id`);
  const activeCentres = centres.filter((c) => c.status === 'active').map((c) => Number(c.id));
  const doctorRows = await rows(db, sql<{ id: number; first_name: string; last_name: string; consultation_fee: string | null; status: string; clinics: Row[] | null }>`
    select id, first_name, last_name, consultation_fee, status, clinics from ${table('doctor')} order by id`);
  const slotRows = await rows(db, sql<{ fmc: number; doctor: number | null }>`select fmc, doctor from ${table('fmcslots')}`);

  // The centres the demo fmc and doctor accounts work at; other fmc staff and doctors' accounts at one or two each.
  const [home, second] = faker.helpers.arrayElements(activeCentres, 2);
  const centresOf = new Map<number, number[]>();
  for (const u of staff) {
    if (u.email === 'fmc@demo.test') centresOf.set(u.id, [home, second]);
    else if (u.email === 'doctor@demo.test') centresOf.set(u.id, [home]);
    else if (u.role === 'fmc' || u.role === 'doctor') centresOf.set(u.id, faker.helpers.arrayElements(activeCentres, { min: 1, max: 2 }));
  }
  for (const [id, list] of centresOf) await editRecord(db, 'admin-user', id, { centres: list }, opts.scryptLogN);

  // Who works where: a centre's owner and the doctors of its slots, and at least two doctors per centre.
  const centreDoctors = new Map<number, number[]>(centres.map((c) => [Number(c.id), [] as number[]]));
  const join = (fmc: number, doctor: number | null) => {
    const list = centreDoctors.get(fmc)!;
    if (doctor !== null && !list.includes(doctor)) list.push(Number(doctor));
  };
  for (const c of centres) join(Number(c.id), c.owner);
  for (const s of slotRows) join(Number(s.fmc), s.doctor);
  const activeDoctors = doctorRows.filter((d) => d.status === 'active').map((d) => Number(d.id));
  for (const [fmc, list] of centreDoctors) while (list.length < 2) join(fmc, pick(activeDoctors));

  // Doctors who work at a centre are verified; the others are at every other step of verification.
  const working = new Set([...centreDoctors.values()].flat());
  const requests = await seedVerification(db, faker, clock, doctorRows.map((d) => Number(d.id)), working, staff.filter((u) => u.role === 'superadmin').map((u) => u.id), opts.scryptLogN);
  // Their documents as files in the content store (none without a data folder: a seed in a test of its own).
  if (opts.dataDir) {
    const names = new Map(doctorRows.map((d) => [Number(d.id), `Dr ${d.first_name} ${d.last_name}`]));
    const files = await writeDemoDocuments(opts.dataDir, requests.flatMap((r) => r.documents.map((d) => ({ ...d, doctor: names.get(r.doctor) ?? '', request: r.number }))));
    opts.log(`Wrote the verification requests' ${files} documents (PDF and PNG) into the content store`);
  }

  // Slots at the two demo centres every day from two days ago to five days ahead, booked by patients.
  const patients = (await rows(db, sql<{ id: number }>`select id from ${table('patients')} where status = 'active' order by id`)).map((p) => Number(p.id));
  const slotDef = getEntity('fmcslots');
  let homeSlots = 0;
  for (let day = -2; day <= 5; day++) {
    for (const fmc of [home, second]) {
      for (const [startTime, endTime] of [['09:00', '12:00'], ['17:00', '19:30']]) {
        const capacity = faker.number.int({ min: 8, max: 12 });
        const slot = await createRecord(db, slotDef, { fmc, doctor: pick(centreDoctors.get(fmc)!), date: clock.day(day), startTime, endTime, capacity, status: 'open' }, { actor: SYSTEM_ACTOR, scryptLogN: opts.scryptLogN });
        for (const p of faker.helpers.arrayElements(patients, faker.number.int({ min: day > 2 ? 2 : 5, max: capacity }))) await reserveSeat(db, Number(slot.id), p, null);
        homeSlots++;
      }
    }
  }
  const bookingRows = await rows(db, sql<{ slot: number; patient: number; fmc: number; doctor: number | null; date: string; start_time: string; end_time: string; capacity: number; index: number }>`
    select b.slot, b.patient, s.fmc, s.doctor, s.date::text as date, s.start_time::text as start_time, s.end_time::text as end_time, s.capacity,
      (row_number() over (partition by b.slot order by b.id) - 1)::int as index
    from slot_booking b join ${table('fmcslots')} s on s.id = b.slot order by b.id`);
  const bookings: Booking[] = bookingRows.map((b) => ({ slot: Number(b.slot), patient: Number(b.patient), fmc: Number(b.fmc), doctor: b.doctor === null ? null : Number(b.doctor), date: b.date, startTime: b.start_time, endTime: b.end_time, capacity: Number(b.capacity), index: b.index }));

  const doctors = new Map<number, DoctorInfo>(doctorRows.filter((d) => working.has(Number(d.id))).map((d) => [Number(d.id), {
    id: Number(d.id), name: `Dr ${d.first_name} ${d.last_name}`, fee: Number(d.consultation_fee ?? 500), active: d.status === 'active',
  }]));
  const medicineId = new Map((await rows(db, sql<{ id: number; name: string }>`select id, name from ${table('medicine')}`)).map((m) => [m.name, Number(m.id)]));
  const tests = new Map<string, TestInfo>();
  for (const [kind, entity] of [['kiosk', 'atmmaster'], ['lab', 'udctest'], ['imaging', 'imagingmaster']] as [TestKind, string][]) {
    for (const t of await rows(db, sql<{ id: number; name: string; price: string | null }>`select id, name, price from ${table(entity)} where status = 'active' order by id`)) {
      if (!tests.has(t.name)) tests.set(t.name, { kind, id: Number(t.id), name: t.name, price: Number(t.price ?? 0) });
    }
  }
  const followUps = (await rows(db, sql<{ id: number }>`select id from ${table('followupPeriod')} where status = 'active'`)).map((r) => Number(r.id));
  // What a visit's invoice needs: the centres' add-on services and their tax, the patients' states.
  const addons = new Map<number, AddonInfo[]>();
  for (const a of await rows(db, sql<{ id: number; fmc: number; price: string; rate: number }>`select o.id, o.fmc, o.price, k.gst_rate as rate
    from ${table('addonservices')} o join ${table('addonservicesmaster')} k on k.id = o.service where o.status = 'active' and k.status = 'active' order by o.id`)) {
    addons.set(Number(a.fmc), [...(addons.get(Number(a.fmc)) ?? []), { id: Number(a.id), price: Number(a.price), taxRate: Number(a.rate) }]);
  }
  const patientStates = new Map((await rows(db, sql<{ id: number; state: number | null; code: string | null }>`select p.id, p.state, s.gst_code as code
    from ${table('patients')} p left join ${table('state')} s on s.id = p.state`)).map((p) => [Number(p.id), p.state === null ? null : { gstCode: p.code }]));
  // The history starts on the first of the month four months back, so every past month has its payouts.
  const today = clock.day();
  const firstDay = -Math.round((Date.parse(`${today}T00:00:00Z`) - Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 5, 1)) / (24 * HOUR));
  const visits = await seedVisits(db, { clock, faker, doctors, centreDoctors, activeCentres, patients, medicineId, tests, followUps, bookings, firstDay, count: 700, addons, patientStates, seller: opts.seller });

  const tickets = await seedTickets(db, faker, clock, centresOf, staff, [home, second]);
  const families = await fitFamilies(db, faker, clock, opts.scryptLogN);
  opts.log(`Seeded the workflows: ${visits.appointments} appointments (${bookings.length} on slots, ${homeSlots} new slots at the demo centres), `
    + `${visits.payments} payments, ${visits.invoices} invoices, ${visits.payouts} payouts, ${visits.reviews} reviews, ${visits.tests} centre tests, `
    + `${requests.length} verification requests, ${tickets} support tickets; ${families} patients' family members aged to fit`);
}

type VerificationStep = 'verified' | 'verifiedAfterRejection' | 'requested' | 'requestedAgain' | 'rejected' | 'draft' | 'none';

/**
 * One verification request per doctor (but a few new ones), moved through its history; the doctor's own
 * verificationStatus is the request's status. New doctors who have not started also have incomplete clinics.
 * Answers each request's number, doctor and documents, whose files the caller writes.
 */
async function seedVerification(db: DB, faker: Faker, clock: StoryClock, doctorIds: number[], working: Set<number>, reviewers: number[], scryptLogN: number) {
  const others: VerificationStep[] = ['requested', 'rejected', 'draft', 'requestedAgain', 'none', 'requested', 'rejected', 'draft', 'none'];
  const steps = new Map<number, VerificationStep>();
  let i = 0;
  for (const id of doctorIds) steps.set(id, working.has(id) ? (faker.number.int(6) === 0 ? 'verifiedAfterRejection' : 'verified') : others[i++ % others.length]);
  const days = (min: number, max: number) => faker.number.int({ min: min * 24, max: max * 24 }) * HOUR;
  const reviewer = () => faker.helpers.arrayElement(reviewers);
  const records: (StoryRecord & { doctor: number })[] = [];
  for (const [doctor, step] of steps) {
    if (step === 'none') continue;
    const moves: StoryMove[] = [];
    const values: Row = { doctor };
    const reject = (submitted: number, reviewed: number) => {
      const by = reviewer();
      const reason = faker.helpers.arrayElement(VERIFICATION_REJECTIONS);
      moves.push({ to: 'requested', at: new Date(submitted) }, { to: 'pending', at: new Date(reviewed), reason, actorId: by });
    };
    const submit = (at: number) => {
      moves.push({ to: 'requested', at: new Date(at) });
    };
    const approve = (at: number) => {
      const by = reviewer();
      moves.push({ to: 'verified', at: new Date(at), actorId: by });
    };
    let start: number;
    if (step === 'verified') {
      start = clock.now - days(150, 700);
      submit(start + days(0, 2));
      approve(start + days(3, 8));
    } else if (step === 'verifiedAfterRejection') {
      start = clock.now - days(200, 700);
      const rejected = start + days(3, 6);
      reject(start + days(0, 2), rejected);
      const again = rejected + days(2, 20);
      submit(again);
      approve(again + days(1, 5));
    } else if (step === 'requested') {
      start = clock.now - days(1, 10);
      submit(Math.min(start + days(0, 1), +clock.latest));
    } else if (step === 'requestedAgain') {
      start = clock.now - days(30, 60);
      reject(start + days(0, 1), start + days(3, 6));
      submit(clock.now - days(1, 6));
    } else if (step === 'rejected') {
      start = clock.now - days(12, 40);
      reject(start + days(0, 2), start + days(3, 9));
    } else {
      start = clock.now - days(1, 10); // documents uploaded, not yet sent
    }
    const documents = VERIFICATION_DOCUMENTS.slice(0, faker.number.int({ min: 2, max: 4 }))
      .map((title) => ({ title, file: `content/uploads/demo/verification/doctor-${doctor}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${demoDocumentExt(title)}` }));
    records.push({ doctor, createdAt: new Date(start), moves, values: { ...values, documents } });
  }
  records.sort((a, b) => +a.createdAt - +b.createdAt);
  records.forEach((r, n) => { r.values.number = `VR-${String(n + 1).padStart(6, '0')}`; });
  await writeStory(db, 'requestVerification', records);

  for (const [doctor, step] of steps) {
    const status = step.startsWith('verified') ? 'verified' : step.startsWith('requested') ? 'requested' : 'pending';
    // A doctor who has not started verification has not finished the clinic details either.
    const incomplete = step === 'none' || step === 'draft';
    const unfinished = (rec: Row): Row => {
      if (!incomplete) return {};
      const clinics = (rec.clinics ?? []) as Row[];
      return { clinics: doctor % 2 === 0 ? [] : clinics.map((c, i) => (i === 0 ? Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'timings')) : c)) };
    };
    await editRecord(db, 'doctor', doctor, unfinished, scryptLogN, { verificationStatus: status });
  }
  return records.map((r) => ({ number: String(r.values.number), doctor: r.doctor, documents: r.values.documents as { title: string; file: string }[] }));
}

/** Support tickets raised by centres' staff, taken by an administrator, with their thread; older ones resolved or closed. */
async function seedTickets(db: DB, faker: Faker, clock: StoryClock, centresOf: Map<number, number[]>, staff: { id: number; role: string; email: string; status: string }[], demoCentres: number[]) {
  // Taken by someone who may open the ticket (the policy's, as the console's writer checks): active, and of its centre
  // for a centre-scoped role.
  const takers = staff.filter((u) => u.status === 'active' && (assignableRoles('supportTicket') as string[]).includes(u.role));
  const takersAt = (fmc: number) => takers.filter((u) => !(CENTRE_SCOPED_ROLES as string[]).includes(u.role) || centresOf.get(u.id)?.includes(fmc)).map((u) => u.id);
  const fmcStaff = staff.filter((u) => u.role === 'fmc' && centresOf.has(u.id));
  const raisers = new Map<number, number[]>();
  for (const u of fmcStaff) for (const c of centresOf.get(u.id)!) raisers.set(c, [...(raisers.get(c) ?? []), u.id]);
  const staffed = [...raisers.keys()];
  if (!staffed.length || !takers.length) return 0;
  const records: StoryRecord[] = [];
  for (let i = 0; i < 36; i++) {
    const fmc = i < 8 ? demoCentres[i % demoCentres.length] : faker.helpers.arrayElement(staffed);
    const story = TICKETS[i % TICKETS.length];
    const raisedBy = faker.helpers.arrayElement(raisers.get(fmc) ?? staffed.flatMap((c) => raisers.get(c)!));
    const assignee = faker.helpers.arrayElement(takersAt(fmc));
    // The demo centres' first tickets are of today, still being worked on, so their dashboard has open tickets.
    const fresh = i < 3;
    const createdAt = new Date(clock.now - faker.number.int(fresh ? { min: 3, max: 10 } : { min: 2, max: 60 * 24 }) * HOUR);
    const after = (t: Date, minH: number, maxH: number) => new Date(+t + faker.number.int({ min: minH * 60, max: maxH * 60 }) * 60_000);
    const comments: { author: number; at: Date; text: string }[] = [];
    const moves: StoryMove[] = [];
    const happened = (t: Date) => clock.isPast(t);
    const started = after(createdAt, 1, fresh ? 2 : 30);
    const goal = fresh ? (i === 0 ? 'open' : 'in_progress') : faker.helpers.weightedArrayElement([{ value: 'open', weight: 2 }, { value: 'in_progress', weight: 3 }, { value: 'resolved', weight: 3 }, { value: 'closed', weight: 4 }, { value: 'reopened', weight: 1 }]);
    if (goal !== 'open' && happened(started)) {
      moves.push({ to: 'in_progress', at: started });
      comments.push({ author: assignee, at: started, text: story.admin[0] });
      const staffReply = after(started, 1, 20);
      if (happened(staffReply)) comments.push({ author: raisedBy, at: staffReply, text: story.staff[0] });
      const resolved = after(staffReply, 2, 72);
      if (goal !== 'in_progress' && happened(resolved)) {
        moves.push({ to: 'resolved', at: resolved });
        comments.push({ author: assignee, at: resolved, text: story.admin[story.admin.length - 1] });
        const next = after(resolved, 12, 72);
        if (goal === 'closed' && happened(next)) moves.push({ to: 'closed', at: next });
        if (goal === 'reopened' && happened(next)) {
          moves.push({ to: 'open', at: next });
          comments.push({ author: raisedBy, at: next, text: story.staff[story.staff.length - 1] });
        }
      }
    }
    records.push({
      createdAt,
      moves,
      values: {
        subject: story.subject, description: story.description, fmc,
        priority: faker.helpers.weightedArrayElement([{ value: 'low', weight: 3 }, { value: 'medium', weight: 5 }, { value: 'high', weight: 3 }, { value: 'urgent', weight: 1 }]),
        assignee: moves.length || faker.datatype.boolean() ? assignee : null,
      },
      given: { raisedBy, comments: comments.map((c) => ({ ...c, at: c.at.toISOString() })) },
    });
  }
  records.sort((a, b) => +a.createdAt - +b.createdAt);
  await writeStory(db, 'supportTicket', records);
  return records.length;
}

const OLDER = { Father: 'male', Mother: 'female', 'Father-in-law': 'male', 'Mother-in-law': 'female', Grandfather: 'male', Grandmother: 'female', Guardian: null } as const;
const YOUNGER = { Son: 'male', Daughter: 'female' } as const;

/**
 * Family members' dates of birth (and gender) made to fit their relationship to the patient: a child is younger
 * than the patient by 18–40 years, a parent or in-law older by 20–40, a grandparent by 45–60; a child too old for
 * its parent becomes a sibling. Returns how many patients changed.
 */
async function fitFamilies(db: DB, faker: Faker, clock: StoryClock, scryptLogN: number) {
  const relations = await rows(db, sql<{ id: number; name: string }>`select id, name from ${table('relationships')}`);
  const nameOf = new Map(relations.map((r) => [Number(r.id), r.name]));
  const idOf = new Map(relations.map((r) => [r.name, Number(r.id)]));
  const people = await rows(db, sql<{ id: number; date_of_birth: string | null; family_members: Row[] | null }>`
    select id, date_of_birth::text as date_of_birth, family_members from ${table('patients')} where jsonb_array_length(coalesce(family_members, '[]'::jsonb)) > 0 order by id`);
  const today = clock.day();
  const shift = (date: string, years: number) => new Date(Date.parse(`${date}T00:00:00Z`) + Math.round(years * 365.25) * 24 * HOUR).toISOString().slice(0, 10);
  const changed: { id: number; members: Row[] }[] = [];
  for (const p of people) {
    if (!p.date_of_birth) continue;
    const dob = p.date_of_birth;
    const members = (p.family_members ?? []).map((m) => {
      let relation = nameOf.get(Number(m.relationship)) ?? '';
      let years: number;
      let gender = m.gender as string | null;
      const adult = shift(dob, 19) < today;
      // A patient past 55 lists children rather than parents; a child patient has no spouse.
      if (relation in OLDER && shift(dob, 55) < today) relation = gender === 'female' ? 'Daughter' : 'Son';
      if (relation === 'Spouse' && !adult) relation = gender === 'female' ? 'Sister' : 'Brother';
      if (relation in YOUNGER && adult) {
        years = faker.number.float({ min: 18, max: 40 });
        gender = YOUNGER[relation as keyof typeof YOUNGER];
      } else if (relation in OLDER) {
        years = -(relation.startsWith('Grand') ? faker.number.float({ min: 45, max: 60 }) : faker.number.float({ min: 20, max: 40 }));
        gender = OLDER[relation as keyof typeof OLDER] ?? gender;
      } else {
        // A spouse, a sibling, or a "child" of a patient too young to have one (a sibling then).
        if (relation in YOUNGER) relation = relation === 'Son' ? 'Brother' : 'Sister';
        years = faker.number.float({ min: -8, max: 8 });
      }
      let born = shift(dob, years);
      if (born >= today) born = shift(today, -faker.number.float({ min: 0.1, max: 2 }));
      const same = born === m.dateOfBirth && gender === m.gender && idOf.get(relation) === Number(m.relationship);
      if (same) return m;
      // A new gender gets a first name to match.
      const name = gender === m.gender || !gender ? m.name : `${faker.person.firstName(gender as 'male' | 'female')} ${String(m.name).split(' ').slice(1).join(' ')}`.trim();
      return { ...m, name, relationship: idOf.get(relation) ?? m.relationship, dateOfBirth: born, gender };
    });
    if (members.some((m, i) => m !== p.family_members![i])) changed.push({ id: Number(p.id), members });
  }
  for (const c of changed) await editRecord(db, 'patients', c.id, { familyMembers: c.members }, scryptLogN);
  return changed.length;
}

import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { can, getEntity, ROLES, screenById, type AuditAction, type EntityDef } from '../../src/registry';
import { writeEntries } from '../../src/server/audit/audit';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { setupApi } from './harness';

/**
 * The fmc screens' calls: the dashboard's figures, patients seen by doctors, medicines prescribed and the
 * activity log. Each answers its policy row (403 otherwise), keeps fmc staff and doctors to their centres
 * (centre B is made directly, so the scoped accounts never join it), counts exactly what it says, and answers
 * a malformed query with 400.
 */
const api = setupApi();
const apptDef = getEntity('appointments');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const make = async (def: EntityDef, values: Record<string, unknown>) =>
  createRecord(api.db, def, { ...(await api.payload(def)), ...values }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });

let today = '';
let centreA = 0;
let centreB = 0;
let meDoctor = 0;
let otherDoctor = 0;
const patients: number[] = [];
const medicines: number[] = [];

/** An appointment at a centre, put in `status` directly (as if it had been moved there). */
async function appointment(o: { fmc: number; doctor: number; patient: number; at: string; status: string; lines?: number[] }) {
  const rec = await make(apptDef, {
    fmc: o.fmc, doctor: o.doctor, patient: o.patient, scheduledAt: o.at, slot: null,
    prescription: (o.lines ?? []).map((medicine) => ({ medicine, dose: '1-0-1', days: 5 })),
  });
  await sql`update ${sql.raw(ident(apptDef.table))} set status = ${o.status} where id = ${rec.id}`.execute(api.db);
  return Number(rec.id);
}

const dayOffset = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const at = (day: string, hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;

beforeAll(async () => {
  today = (await sql<{ d: string }>`select (now() at time zone 'UTC')::date::text as d`.execute(api.db)).rows[0].d;
  centreA = api.homeCentre;
  centreB = Number((await make(getEntity('fmc'), {})).id);
  // The doctor account's own doctor record: the same email as the account.
  meDoctor = Number((await make(getEntity('doctor'), { email: 'doctor@demo.test' })).id);
  otherDoctor = Number((await make(getEntity('doctor'), {})).id);
  for (const name of ['Zubin Quarry', 'Yamini Quest', 'Xavier Quill', 'Wahid Barlow']) {
    const [firstName, lastName] = name.split(' ');
    patients.push(Number((await make(getEntity('patients'), { firstName, lastName })).id));
  }
  for (let i = 0; i < 3; i++) medicines.push(Number((await make(getEntity('medicine'), { name: `Testamol ${i}` })).id));
  const [p1, p2, p3, p4] = patients;
  const [m1, m2, m3] = medicines;
  // Centre A today: 3 appointments (confirmed, completed, missed); two patients completed in the last 30 days.
  await appointment({ fmc: centreA, doctor: meDoctor, patient: p1, at: at(today, 0), status: 'confirmed' });
  await appointment({ fmc: centreA, doctor: meDoctor, patient: p1, at: at(today, 0), status: 'completed', lines: [m1, m2] });
  await appointment({ fmc: centreA, doctor: otherDoctor, patient: p2, at: at(today, 0), status: 'missed' });
  await appointment({ fmc: centreA, doctor: meDoctor, patient: p1, at: at(dayOffset(today, -3), 9), status: 'completed', lines: [m1] });
  await appointment({ fmc: centreA, doctor: meDoctor, patient: p2, at: at(dayOffset(today, -5), 9), status: 'completed', lines: [m1] });
  await appointment({ fmc: centreA, doctor: otherDoctor, patient: p3, at: at(dayOffset(today, -7), 9), status: 'completed' });
  // Older than the series and the default range, and not completed: never counted.
  await appointment({ fmc: centreA, doctor: meDoctor, patient: p3, at: at(dayOffset(today, -45), 9), status: 'completed', lines: [m3] });
  await appointment({ fmc: centreA, doctor: meDoctor, patient: p4, at: at(dayOffset(today, -2), 9), status: 'cancelled', lines: [m3] });
  // Centre B: today 2 completed, and a patient of the doctor's own record there.
  await appointment({ fmc: centreB, doctor: meDoctor, patient: p4, at: at(today, 0), status: 'completed', lines: [m2] });
  await appointment({ fmc: centreB, doctor: otherDoctor, patient: p3, at: at(today, 0), status: 'completed', lines: [m3] });

  const slots = getEntity('fmcslots');
  await make(slots, { fmc: centreA, date: today, status: 'open', capacity: 5, startTime: '09:00', endTime: '10:00' });
  const full = await make(slots, { fmc: centreA, date: today, status: 'open', capacity: 1, startTime: '10:00', endTime: '11:00' });
  await sql`update fmc_slot set booked = 1 where id = ${full.id}`.execute(api.db);
  await make(slots, { fmc: centreA, date: today, status: 'closed', capacity: 5, startTime: '11:00', endTime: '12:00' });
  await make(slots, { fmc: centreA, date: dayOffset(today, 1), status: 'open', capacity: 5, startTime: '09:00', endTime: '10:00' });
  await make(slots, { fmc: centreB, date: today, status: 'open', capacity: 7, startTime: '09:00', endTime: '10:00' });

  const tickets = getEntity('supportTicket');
  for (const [fmc, status] of [[centreA, 'open'], [centreA, 'in_progress'], [centreA, 'resolved'], [centreB, 'open']] as const) {
    const t = await make(tickets, { fmc });
    await sql`update support_ticket set status = ${status} where id = ${t.id}`.execute(api.db);
  }
});

const SCREEN_CALLS: [string, string][] = [
  ['fmcDashboard', '/api/fmc/dashboard'],
  ['fmcDashboard', '/api/fmc/dashboard/rows?tile=openSlots'],
  ['drpatient', '/api/fmc/drpatient'],
  ['medprescribed', '/api/fmc/medprescribed'],
  ['fmclogs', '/api/fmc/fmclogs'],
];

describe.each(SCREEN_CALLS)('%s: every role as the policy says', (id, url) => {
  test.each(ROLES)('%s', async (role) => {
    const screen = screenById(id)!;
    const r = await api.call(role, 'GET', url);
    expect(r.status, r.text).toBe(can(role, screen.resource, screen.action) ? 200 : 403);
  });
  test('anonymous: 401', async () => {
    expect((await api.call('anonymous', 'GET', url)).status).toBe(401);
  });
});

describe('GET /api/fmc/dashboard', () => {
  test("fmc staff see their centre's figures only", async () => {
    const r = await api.call('fmc', 'GET', '/api/fmc/dashboard');
    expect(r.status, r.text).toBe(200);
    const d = r.body.data;
    expect(d.today).toBe(today);
    expect(d.appointmentsToday).toEqual({ total: 3, byStatus: { confirmed: 1, completed: 1, missed: 1, cancelled: 0, rescheduled: 0 } });
    expect(d.patientsSeen).toEqual({ today: 1, last30Days: 3 });
    expect(d.openSlotsToday).toEqual({ slots: 1, places: 5 });
    expect(d.openTickets).toMatchObject({ total: 2, open: 1, inProgress: 1 });
    expect(d.series).toHaveLength(30);
    expect(d.series.at(-1)).toEqual({ day: today, appointments: 3, completed: 1, missed: 1 });
    expect(d.series.find((p: { day: string }) => p.day === dayOffset(today, -2))).toEqual({ day: dayOffset(today, -2), appointments: 1, completed: 0, missed: 0 });
    expect(d.series[0].day).toBe(dayOffset(today, -29));
    expect(d.centres.map((x: { id: number }) => x.id)).toEqual([centreA]);
  });

  test('a doctor sees the same centre; asking for centre B is a centre that does not exist', async () => {
    const r = await api.call('doctor', 'GET', '/api/fmc/dashboard');
    expect(r.body.data.appointmentsToday.total).toBe(3);
    for (const role of ['fmc', 'doctor'] as const) {
      const b = await api.call(role, 'GET', `/api/fmc/dashboard?fmc=${centreB}`);
      expect(b.status, b.text).toBe(404);
      expect(JSON.stringify(b.body)).not.toContain('"total"');
    }
    expect((await api.call('fmc', 'GET', `/api/fmc/dashboard?fmc=${centreA}`)).body.data.appointmentsToday.total).toBe(3);
  });

  test('a superadmin sees every centre, or the one chosen', async () => {
    const all = (await api.call('superadmin', 'GET', '/api/fmc/dashboard')).body.data;
    expect(all.appointmentsToday.total).toBe(5);
    expect(all.appointmentsToday.byStatus.completed).toBe(3);
    expect(all.openSlotsToday).toEqual({ slots: 2, places: 12 });
    expect(all.openTickets.total).toBe(3);
    expect(all.patientsSeen).toEqual({ today: 3, last30Days: 4 });
    const b = (await api.call('superadmin', 'GET', `/api/fmc/dashboard?fmc=${centreB}`)).body.data;
    expect(b.appointmentsToday).toMatchObject({ total: 2, byStatus: { completed: 2 } });
    expect(b.openSlotsToday).toEqual({ slots: 1, places: 7 });
    expect(b.centres).toEqual([{ id: centreB, name: expect.any(String) }]);
    expect((await api.call('superadmin', 'GET', '/api/fmc/dashboard?fmc=2147483647')).status).toBe(404);
  });

  test("days are the caller's time zone's", async () => {
    const r = await api.call('fmc', 'GET', '/api/fmc/dashboard?tz=Asia/Kolkata');
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.series).toHaveLength(30);
  });

  test.each([
    ['fmc=abc', 'fmc'], ['fmc=0', 'fmc'], ['fmc=99999999999', 'fmc'], ['tz=Mars/Olympus', 'tz'], ["tz=';drop", 'tz'], ['colour=red', undefined], ['fmc=1&fmc=2', 'fmc'],
  ])('?%s → 400', async (qs, field) => {
    const r = await api.call('superadmin', 'GET', `/api/fmc/dashboard?${qs}`);
    expect(r.status, r.text).toBe(400);
    if (field) expect(r.body.errors[0].field).toBe(field);
  });
});

describe('GET /api/fmc/dashboard/rows: the rows each figure counts', () => {
  const rows = async (role: 'fmc' | 'doctor' | 'superadmin', qs: string) => {
    const r = await api.call(role, 'GET', `/api/fmc/dashboard/rows?${qs}`);
    expect(r.status, r.text).toBe(200);
    return r.body.data as { columns: string[]; rows: Record<string, unknown>[]; truncated: boolean; entity: string };
  };

  test.each(['fmc', 'doctor', 'superadmin'] as const)('%s: as many rows as the figure says, of the same records', async (role) => {
    const figures = (await api.call(role, 'GET', '/api/fmc/dashboard')).body.data;
    const appts = await rows(role, 'tile=appointmentsToday');
    expect(appts.rows).toHaveLength(figures.appointmentsToday.total);
    expect(appts.rows.filter((r) => r.status === 'completed')).toHaveLength(figures.appointmentsToday.byStatus.completed);
    expect((await rows(role, 'tile=openSlots')).rows).toHaveLength(figures.openSlotsToday.slots);
    expect((await rows(role, 'tile=patientsSeen')).rows).toHaveLength(figures.patientsSeen.today);
    const tickets = await rows(role, 'tile=openTickets');
    expect(tickets.rows).toHaveLength(figures.openTickets.total);
    expect(tickets.rows.every((r) => r.status === 'open' || r.status === 'in_progress')).toBe(true);
  });

  test("a patient's name only for a role that may read patients; the tile's columns and no others", async () => {
    const own = await rows('fmc', 'tile=patientsSeen');
    expect(own.columns).toEqual(['scheduledAt', 'doctor', 'number']);
    expect(Object.keys(own.rows[0]).sort()).toEqual(['_labels', 'doctor', 'id', 'number', 'scheduledAt', 'version']);
    expect(JSON.stringify(own.rows)).not.toMatch(/Quarry|Quest|Quill|Barlow/);
    const all = await rows('superadmin', 'tile=patientsSeen');
    expect(all.columns).toEqual(['scheduledAt', 'patient', 'doctor', 'number']);
    expect(all.rows.map((r) => r.patient).sort()).toEqual([patients[0], patients[2], patients[3]].sort());
    expect(all.rows.map((r) => (r._labels as Record<string, string>).patient).sort()).toEqual(['Wahid Barlow', 'Xavier Quill', 'Zubin Quarry']);
  });

  test('kept to the caller\'s centres: another centre does not exist for them', async () => {
    const b = await api.call('fmc', 'GET', `/api/fmc/dashboard/rows?tile=openSlots&fmc=${centreB}`);
    expect(b.status, b.text).toBe(404);
    expect((await rows('superadmin', `tile=openSlots&fmc=${centreB}`)).rows.map((r) => r.capacity)).toEqual([7]);
  });

  test('reading appointments this way is logged as a read of patient data', async () => {
    const appts = await rows('superadmin', 'tile=appointmentsToday');
    const logged = await sql<{ record_ids: number[] }>`select record_ids from audit_log where action = 'read_dashboard' order by id desc limit 1`.execute(api.db);
    expect([...logged.rows[0].record_ids].sort((x, y) => x - y)).toEqual(appts.rows.map((r) => Number(r.id)).sort((x, y) => x - y));
  });

  test.each(['', 'tile=everything', 'tile=openSlots&colour=red', 'tile=openSlots&tile=openTickets', 'tile=openSlots&fmc=abc', 'tile=openSlots&tz=Mars/Olympus'])('?%s → 400', async (qs) => {
    expect((await api.call('superadmin', 'GET', `/api/fmc/dashboard/rows?${qs}`)).status).toBe(400);
  });
});

describe('GET /api/fmc/drpatient', () => {
  const pairs = (rows: { doctor: { id: number }; patient: { id: number }; visits: number }[]) => rows.map((r) => [r.doctor.id, r.patient.id, r.visits]);

  test("a doctor sees their own record's patients at their centres, one row per patient, newest visit first", async () => {
    const r = await api.call('doctor', 'GET', '/api/fmc/drpatient');
    expect(r.status, r.text).toBe(200);
    expect(r.body.ownDoctor).toBe(meDoctor);
    expect(r.body.doctor.id).toBe(meDoctor);
    // p1: completed today and 3 days ago (2 visits); p2: 5 days ago; p3: 45 days ago. Centre B's p4 never.
    expect(pairs(r.body.data)).toEqual([[meDoctor, patients[0], 2], [meDoctor, patients[1], 1], [meDoctor, patients[2], 1]]);
    expect(r.body.data[0].patient.title).toBe('Zubin Quarry');
    expect(r.body.data[0].lastVisit).toBe(at(today, 0));
  });

  test('doctor=all: every doctor at the centres, still never centre B', async () => {
    const r = await api.call('doctor', 'GET', '/api/fmc/drpatient?doctor=all');
    expect(pairs(r.body.data)).toEqual([[meDoctor, patients[0], 2], [meDoctor, patients[1], 1], [otherDoctor, patients[2], 1], [meDoctor, patients[2], 1]]);
    const other = await api.call('doctor', 'GET', `/api/fmc/drpatient?doctor=${otherDoctor}`);
    expect(pairs(other.body.data)).toEqual([[otherDoctor, patients[2], 1]]);
  });

  test('a superadmin sees every centre', async () => {
    const r = await api.call('superadmin', 'GET', `/api/fmc/drpatient?doctor=${meDoctor}`);
    // Same time today at A and B: the later appointment (B's) first.
    expect(pairs(r.body.data)).toEqual([[meDoctor, patients[3], 1], [meDoctor, patients[0], 2], [meDoctor, patients[1], 1], [meDoctor, patients[2], 1]]);
    expect((await api.call('superadmin', 'GET', '/api/fmc/drpatient')).body.doctor).toBeNull();
  });

  test('pages follow one another by last visit, without repeats or gaps', async () => {
    const all = (await api.call('superadmin', 'GET', '/api/fmc/drpatient?doctor=all')).body.data;
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const r = await api.call('superadmin', 'GET', `/api/fmc/drpatient?doctor=all&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status, r.text).toBe(200);
      seen.push(...r.body.data);
      cursor = r.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    // (other, p3) visited at A and B: one row, two visits, its last at B today.
    expect(pairs(all)).toEqual([[otherDoctor, patients[2], 2], [meDoctor, patients[3], 1], [meDoctor, patients[0], 2], [meDoctor, patients[1], 1], [meDoctor, patients[2], 1]]);
  });

  test('the search box finds patients by name', async () => {
    const r = await api.call('doctor', 'GET', '/api/fmc/drpatient?q=yamini');
    expect(pairs(r.body.data)).toEqual([[meDoctor, patients[1], 1]]);
    expect((await api.call('doctor', 'GET', '/api/fmc/drpatient?q=nobody-by-this-name')).body.data).toEqual([]);
  });

  test.each(['doctor=abc', 'doctor=-1', 'cursor=nonsense', 'cursor=[1]', 'cursor=["yesterday",1]', 'limit=0', 'limit=1000', 'sort=name'])('?%s → 400', async (qs) => {
    const r = await api.call('superadmin', 'GET', `/api/fmc/drpatient?${qs}`);
    expect(r.status, r.text).toBe(400);
  });
});

describe('GET /api/fmc/medprescribed', () => {
  const byMedicine = (rows: { medicine: number; times: number; patients: number }[]) =>
    Object.fromEntries(rows.filter((r) => medicines.includes(r.medicine)).map((r) => [r.medicine, [r.times, r.patients]]));

  test('lines of completed appointments in the range: times, patients and the last time', async () => {
    const r = await api.call('superadmin', 'GET', '/api/fmc/medprescribed');
    expect(r.status, r.text).toBe(200);
    const [m1, m2, m3] = medicines;
    // m1: today (p1), 3 days ago (p1), 5 days ago (p2); m2: today at A (p1) and B (p4); m3: B today (p3), the rest out of range or not completed.
    expect(byMedicine(r.body.data)).toEqual({ [m1]: [3, 2], [m2]: [2, 2], [m3]: [1, 1] });
    expect(r.body.data.find((x: { medicine: number }) => x.medicine === m1)).toMatchObject({ name: expect.stringContaining('Testamol 0'), lastPrescribed: at(today, 0) });
    expect(r.body.to).toBe(today);
    expect(r.body.from).toBe(dayOffset(today, -29));
  });

  test('a range, a search and a sort', async () => {
    const [m1, m2, m3] = medicines;
    const wide = await api.call('superadmin', 'GET', `/api/fmc/medprescribed?from=${dayOffset(today, -60)}&to=${today}`);
    expect(byMedicine(wide.body.data)[m3]).toEqual([2, 1]);
    const past = await api.call('superadmin', 'GET', `/api/fmc/medprescribed?from=${dayOffset(today, -6)}&to=${dayOffset(today, -1)}`);
    expect(byMedicine(past.body.data)).toEqual({ [m1]: [2, 2] });
    const named = await api.call('superadmin', 'GET', '/api/fmc/medprescribed?q=testamol 1');
    expect(named.body.data.map((x: { medicine: number }) => x.medicine)).toEqual([m2]);
    const sorted = await api.call('superadmin', 'GET', '/api/fmc/medprescribed?sort=name:desc&q=testamol');
    expect(sorted.body.data.map((x: { medicine: number }) => x.medicine)).toEqual([m3, m2, m1]);
  });

  test.each([
    ['from=2026-02-30', 'from'], ['to=yesterday', 'to'], ['from=2026-05-02&to=2026-05-01', 'from'], ['from=2025-01-01&to=2026-01-01', 'to'],
    ['sort=price:asc', 'sort'], ['q=' + 'x'.repeat(101), 'q'], ['fmc=x', 'fmc'],
  ])('?%s → 400', async (qs, field) => {
    const r = await api.call('superadmin', 'GET', `/api/fmc/medprescribed?${qs}`);
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0].field).toBe(field);
  });
});

describe('GET /api/fmc/fmclogs', () => {
  const logs = async (qs: string) => {
    const r = await api.call('superadmin', 'GET', `/api/fmc/fmclogs?${qs}`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  let edited = 0;
  let gone = 0;

  beforeAll(async () => {
    const med = getEntity('medicine');
    const rec = (await api.call('superadmin', 'POST', '/api/medicine', (await api.payload(med))!)).body.data;
    edited = rec.id;
    const put = await api.call('superadmin', 'PUT', `/api/medicine/${rec.id}`, { ...(await api.payload(med)), name: 'Renamed tablet', version: rec.version });
    expect(put.status, put.text).toBe(200);
    const other = (await api.call('superadmin', 'POST', '/api/medicine', (await api.payload(med))!)).body.data;
    gone = other.id;
    expect((await api.call('superadmin', 'DELETE', `/api/medicine/${gone}`)).status).toBe(200);
    // An old entry, by the railway account.
    await writeEntries(api.db, [{ at: daysAgo(40), actor: { id: api.userIds.railway }, entity: 'medicine', recordId: edited, action: 'update', changes: { name: { from: 'A', to: 'B' } } }]);
  });

  test("newest first, with the actor's name and the record's title while it exists", async () => {
    const body = await logs(`entity=medicine&record=${edited}`);
    expect(body.data.map((r: { action: string }) => r.action)).toEqual(['update', 'create', 'update']);
    expect(body.data[0]).toMatchObject({ entity: 'medicine', record: { id: edited, title: expect.stringContaining('Renamed tablet') }, actor: { id: api.userIds.superadmin, name: expect.any(String) } });
    expect(body.data[0].changes.name).toMatchObject({ to: 'Renamed tablet' });
    expect(body.data[2].actor.id).toBe(api.userIds.railway);
    const deleted = await logs(`entity=medicine&record=${gone}`);
    expect(deleted.data.map((r: { action: string }) => r.action)).toEqual(['delete', 'create']);
    expect(deleted.data[0].record).toEqual({ id: gone, title: null });
  });

  test('reads of patient data stay out of the activity log unless asked for', async () => {
    const patient = (await api.insert(getEntity('patients')))!;
    expect((await api.call('superadmin', 'GET', `/api/patients/${patient.id}`)).status).toBe(200);
    const changes = await logs(`entity=patients&record=${patient.id}`);
    expect(changes.data.map((r: { action: string }) => r.action)).toEqual(['create']);
    const all = await logs(`entity=patients&record=${patient.id}&reads=1`);
    expect(all.data.map((r: { action: string }) => r.action)).toEqual(['read', 'create']);
    expect((await logs('action=read_list')).data.every((r: { action: string }) => r.action === 'read_list')).toBe(true);
    expect((await logs('')).data.some((r: { action: string }) => r.action.startsWith('read'))).toBe(false);
    expect((await api.call('superadmin', 'GET', '/api/fmc/fmclogs?reads=yes')).status).toBe(400);
  });

  test('an entry names the records its changes refer to by their titles, where the caller may read them', async () => {
    const raised = await api.call('fmc', 'POST', '/api/supportTicket', { subject: 'Printer jam', description: 'The printer at the desk jams.', fmc: api.homeCentre, priority: 'low' });
    expect(raised.status, raised.text).toBe(201);
    const { id, version, subject, description, fmc, priority } = raised.body.data;
    const put = await api.call('superadmin', 'PUT', `/api/supportTicket/${id}`, { subject, description, fmc, priority, assignee: api.userIds.superadmin, version });
    expect(put.status, put.text).toBe(200);
    const body = await logs(`entity=supportTicket&record=${id}&action=update`);
    expect(body.data[0].changes.assignee).toEqual({ from: null, to: api.userIds.superadmin });
    expect(body.titles['admin-user'][api.userIds.superadmin]).toEqual(expect.any(String));
    expect(body.titles['admin-user'][api.userIds.superadmin]).not.toMatch(/^#/);
  });

  test('filters: actor, action, date range', async () => {
    const byRailway = await logs(`actor=${api.userIds.railway}`);
    expect(byRailway.data.length).toBeGreaterThan(0);
    for (const r of byRailway.data) expect(r.actor.id).toBe(api.userIds.railway);
    const deletes = await logs('action=delete');
    expect(deletes.data.map((r: { record: { id: number } }) => r.record.id)).toContain(gone);
    for (const r of deletes.data) expect(r.action).toBe('delete');
    const old = await logs(`from=${dayOffset(today, -41)}&to=${dayOffset(today, -39)}`);
    expect(old.data).toHaveLength(1);
    expect(old.data[0].actor.id).toBe(api.userIds.railway);
    const recent = await logs(`entity=medicine&record=${edited}&from=${dayOffset(today, -1)}`);
    expect(recent.data).toHaveLength(2);
    expect((await logs('entity=medicine')).data.every((r: { entity: string }) => r.entity === 'medicine')).toBe(true);
    // By centre: the home centre's entries only.
    const slot = await api.insert(getEntity('fmcslots'));
    await api.call('superadmin', 'GET', `/api/fmcslots/${slot!.id}`);
    const byCentre = await logs(`fmc=${api.homeCentre}`);
    expect(byCentre.data.length).toBeGreaterThan(0);
    for (const r of byCentre.data) expect(r.fmc).toBe(api.homeCentre);
    expect((await logs('fmc=999999')).data).toEqual([]);
  });

  test('pages on (at, id) without repeats or gaps', async () => {
    const all = (await logs('limit=100')).data;
    const seen: { id: number }[] = [];
    let cursor: string | null = null;
    do {
      const body = await logs(`limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...body.data);
      cursor = body.nextCursor;
    } while (cursor && seen.length < 200);
    expect(seen.map((r) => r.id).slice(0, all.length)).toEqual(all.map((r: { id: number }) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
  });

  test('an action found only past the walk: partial pages with a cursor lead to it', async () => {
    await writeEntries(api.db, [{ at: daysAgo(400), actor: { id: api.userIds.admin }, entity: 'upload', action: 'rare_action' as AuditAction }]);
    const noise = Date.now() - 300 * 86_400_000;
    await writeEntries(api.db, Array.from({ length: 6000 }, (_, g) => ({ at: new Date(noise + (g + 1) * 1000).toISOString(), actor: { id: null }, entity: 'upload', action: 'noise' as AuditAction })));
    const first = await logs('action=rare_action');
    expect(first.data).toEqual([]);
    expect(first.partial).toBe(true);
    expect(first.nextCursor).toBeTruthy();
    let body = first;
    let calls = 1;
    while (!body.data.length && body.nextCursor && calls < 20) { body = await logs(`action=rare_action&cursor=${encodeURIComponent(body.nextCursor)}`); calls++; }
    expect(body.data.map((r: { action: string; actor: { id: number } }) => [r.action, r.actor.id])).toEqual([['rare_action', api.userIds.admin]]);
  });

  test('append-only: no call writes it', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const url of ['/api/fmc/fmclogs', '/api/fmc/fmclogs/1']) {
        const r = await api.call('superadmin', method, url, method === 'DELETE' ? undefined : { action: 'forged' });
        expect([404, 405], `${method} ${url}: ${r.status}`).toContain(r.status);
      }
    }
    expect((await sql<{ n: number }>`select count(*)::int as n from audit_log where action = 'forged'`.execute(api.db)).rows[0].n).toBe(0);
  });

  test.each([
    ['record=1', 'record'], ['actor=me', 'actor'], ['entity=med%20icine', 'entity'], ["action=drop'table", 'action'], ['from=2026-13-01', 'from'],
    ['from=2026-05-02&to=2026-05-01', 'from'], ['cursor=abc', 'cursor'], ['cursor=["2026-01-01T00:00:00Z","x"]', 'cursor'], ['limit=101', 'limit'], ['tz=Nowhere', 'tz'], ['search=x', undefined],
  ])('?%s → 400', async (qs, field) => {
    const r = await api.call('superadmin', 'GET', `/api/fmc/fmclogs?${qs}`);
    expect(r.status, r.text).toBe(400);
    if (field) expect(r.body.errors[0].field).toBe(field);
  });
});

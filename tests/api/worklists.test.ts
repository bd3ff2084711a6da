import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { can, getEntity, ROLES, WORKLISTS, type EntityDef } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * The notification worklists (GET /api/notifications/{id}, POST …/remind): each rule picks exactly the records
 * that lack what it names (complete records stay off), says what each lacks, pages by id (walking on past a
 * stretch of complete records), and a reminder goes once per person, list and day, to the outbox.
 */
const api = setupApi();
const doctorDef = getEntity('doctor');
const patientDef = getEntity('patients');
const apptDef = getEntity('appointments');

const make = async (def: EntityDef, values: Record<string, unknown>) =>
  Number((await createRecord(api.db, def, { ...(await api.payload(def)), ...values }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);

const clinic = { name: 'City Clinic', address: '1 MG Road', city: 'Bengaluru', pincode: '560001', timings: 'Mon–Sat 9–1' };
let completeDoctor: Record<string, unknown> = {};
let completePatient: Record<string, unknown> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  const ref = async (entity: string) => Number((await api.insert(getEntity(entity)))!.id);
  completeDoctor = {
    photo: 'content/uploads/doctor.png', bio: 'Twenty years of practice.', qualification: await ref('educational_categorymaster'),
    registrationCouncil: await ref('registerCouncil'), registrationNumber: 'KMC/12345', consultationFee: 600, clinics: [clinic],
  };
  completePatient = {
    email: 'complete.patient@example.in', dateOfBirth: '1980-04-01', bloodGroup: 'O+', addressLine: '2 Park Street', emergencyContactPhone: '+919812345678',
    familyMembers: [{ name: 'Asha', relationship: await ref('relationships') }], insuranceProvider: 'Star Health', insurancePolicyNumber: 'P-1234',
  };
  ids.doctorComplete = await make(doctorDef, completeDoctor);
  ids.doctorNoBio = await make(doctorDef, { ...completeDoctor, bio: null, consultationFee: null });
  ids.doctorNoClinics = await make(doctorDef, { ...completeDoctor, clinics: [] });
  ids.doctorClinicNoPincode = await make(doctorDef, { ...completeDoctor, clinics: [clinic, { ...clinic, pincode: null, name: 'Second clinic' }] });
  ids.doctorNoRx = await make(doctorDef, completeDoctor);
  ids.doctorRx = await make(doctorDef, completeDoctor);
  ids.patientComplete = await make(patientDef, completePatient);
  ids.patientNoEmail = await make(patientDef, { ...completePatient, email: null, bloodGroup: null });
  ids.patientNoFamily = await make(patientDef, { ...completePatient, familyMembers: [] });
  ids.patientNoInsurance = await make(patientDef, { ...completePatient, insurancePolicyNumber: null });
  const medicine = await ref('medicine');
  // doctorNoRx: a completed appointment without lines; doctorRx: completed with lines, and a confirmed one without (not yet due).
  const appointment = async (doctor: number, status: string, lines: number[]) => {
    const id = await make(apptDef, { doctor, patient: ids.patientComplete, slot: null, prescription: lines.map((m) => ({ medicine: m, dose: '1-0-1', days: 3 })) });
    await sql`update appointment set status = ${status} where id = ${id}`.execute(api.db);
  };
  await appointment(ids.doctorNoRx, 'completed', []);
  await appointment(ids.doctorNoRx, 'completed', []);
  await appointment(ids.doctorNoRx, 'completed', [medicine]);
  await appointment(ids.doctorRx, 'completed', [medicine]);
  await appointment(ids.doctorRx, 'confirmed', []);
});

/** Every row of a worklist, page after page. */
async function everything(id: string, qs = ''): Promise<{ id: number; missing: string[]; count?: number; email: string | null; remindedToday: boolean }[]> {
  const rows = [];
  let cursor: string | null = null;
  let calls = 0;
  do {
    const r = await api.call('admin', 'GET', `/api/notifications/${id}?limit=100${qs}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status, r.text).toBe(200);
    rows.push(...r.body.data);
    cursor = r.body.nextCursor;
  } while (cursor && ++calls < 50);
  return rows;
}

/** The records this file made (of the list's entity: doctor and patient ids overlap) that are on the list, with what they lack. */
const mine = (rows: { id: number; missing: string[] }[], prefix: 'doctor' | 'patient') =>
  Object.fromEntries(Object.entries(ids).filter(([name]) => name.startsWith(prefix)).flatMap(([name, id]) => rows.filter((r) => r.id === id).map((r) => [name, r.missing])));

describe.each(WORKLISTS.map((w) => [w.id]))('%s: every role as the policy says', (id) => {
  test.each(ROLES)('%s', async (role) => {
    const allowed = can(role, 'notifications', 'worklist');
    expect((await api.call(role, 'GET', `/api/notifications/${id}`)).status).toBe(allowed ? 200 : 403);
    const remind = await api.call(role, 'POST', `/api/notifications/${id}/remind`, { ids: [2_000_000_000] });
    expect(remind.status, remind.text).toBe(allowed ? 200 : 403);
    if (allowed) expect(remind.body.data).toEqual([{ id: 2_000_000_000, result: 'not_found' }]);
  });
});

describe('the rules pick exactly the records that lack what they name', () => {
  test('doctorInCompleteProfile: blank profile fields', async () => {
    expect(mine(await everything('doctorInCompleteProfile'), 'doctor')).toEqual({ doctorNoBio: ['bio', 'consultationFee'] });
  });
  test('doctorClinicInCompleteProfile: no clinics, or a clinic without pincode or timings', async () => {
    expect(mine(await everything('doctorClinicInCompleteProfile'), 'doctor')).toEqual({ doctorNoClinics: ['clinics'], doctorClinicNoPincode: ['clinics.pincode'] });
  });
  test('doctorNotAddedPrescription: a completed appointment without prescription lines, with how many', async () => {
    const rows = await everything('doctorNotAddedPrescription');
    expect(mine(rows, 'doctor')).toEqual({ doctorNoRx: ['appointments.prescription'] });
    expect(rows.find((r) => r.id === ids.doctorNoRx)!.count).toBe(2);
  });
  test('patientInCompleteProfile: blank profile fields', async () => {
    expect(mine(await everything('patientInCompleteProfile'), 'patient')).toEqual({ patientNoEmail: ['email', 'bloodGroup'] });
  });
  test('patientNotAddedFamilyMember: no family members', async () => {
    expect(mine(await everything('patientNotAddedFamilyMember'), 'patient')).toEqual({ patientNoFamily: ['familyMembers'] });
  });
  test('patientNotAddedInsuranceDetails: provider or policy number blank', async () => {
    expect(mine(await everything('patientNotAddedInsuranceDetails'), 'patient')).toEqual({ patientNoInsurance: ['insurancePolicyNumber'] });
  });
  test('the search box narrows a list', async () => {
    const named = await api.call('admin', 'GET', `/api/notifications/patientNotAddedFamilyMember?q=${encodeURIComponent('complete.patient@example')}`);
    expect(named.body.data.map((r: { id: number }) => r.id)).toEqual([ids.patientNoFamily]);
  });
});

describe('paging', () => {
  test('pages by id without repeats; a stretch of complete records is walked on with a cursor', async () => {
    // 6,000 complete patients after the incomplete ones, then one more without insurance: found past the walk.
    await sql`insert into patient (first_name, last_name, phone, email, date_of_birth, blood_group, address_line, emergency_contact_phone, family_members, insurance_provider, insurance_policy_number, status)
      select 'Bulk', 'Patient ' || g, '+9170' || lpad(g::text, 8, '0'), 'bulk' || g || '@example.in', '1990-01-01', 'A+', 'Lane ' || g, '+919800000000',
        '[{"name":"Kin","relationship":1}]'::jsonb, 'Star Health', 'P-' || g, 'active' from generate_series(1, 6000) g`.execute(api.db);
    const last = await make(patientDef, { ...completePatient, insuranceProvider: null, email: 'last.patient@example.in' });
    const first = await api.call('admin', 'GET', '/api/notifications/patientNotAddedInsuranceDetails?limit=100');
    const rows = await everything('patientNotAddedInsuranceDetails');
    expect(rows.map((r) => r.id)).toContain(last);
    expect(rows.map((r) => r.id)).toContain(ids.patientNoInsurance);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect(first.body.nextCursor).toBeTruthy();
    const small = await api.call('admin', 'GET', '/api/notifications/patientNotAddedInsuranceDetails?limit=1');
    expect(small.body.data).toHaveLength(1);
    const next = await api.call('admin', 'GET', `/api/notifications/patientNotAddedInsuranceDetails?limit=1&cursor=${encodeURIComponent(small.body.nextCursor)}`);
    expect(next.body.data[0].id).toBeGreaterThan(small.body.data[0].id);
  });
});

describe('POST …/remind', () => {
  const outbox = async () => (await sql<{ recipient: string; subject: string; body: string; channel: string }>`select recipient, subject, body, channel from outbox order by id`.execute(api.db)).rows;

  test('once per person, list and day: sent, then already_today; not on the list is said so', async () => {
    const before = (await outbox()).length;
    const body = { ids: [ids.doctorNoBio, ids.doctorComplete, 2_000_000_000, ids.doctorNoBio] };
    const r = await api.call('admin', 'POST', '/api/notifications/doctorInCompleteProfile/remind', body);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([
      { id: ids.doctorNoBio, result: 'sent', channel: 'mail' }, { id: ids.doctorComplete, result: 'not_found' }, { id: 2_000_000_000, result: 'not_found' },
    ]);
    const mail = (await outbox()).slice(before);
    expect(mail).toHaveLength(1);
    const doctorEmail = (await api.row(doctorDef, ids.doctorNoBio))!.email;
    expect(mail[0].recipient).toBe(doctorEmail);
    expect(mail[0].channel).toBe('mail');
    expect(mail[0].body).toMatch(/bio/);
    expect(mail[0].body).toMatch(/consultation fee/);

    const again = await api.call('superadmin', 'POST', '/api/notifications/doctorInCompleteProfile/remind', { ids: [ids.doctorNoBio] });
    expect(again.body.data).toEqual([{ id: ids.doctorNoBio, result: 'already_today' }]);
    expect((await outbox()).length).toBe(before + 1);
    const row = (await everything('doctorInCompleteProfile')).find((x) => x.id === ids.doctorNoBio)!;
    expect(row.remindedToday).toBe(true);
    const audit = await sql<{ action: string }>`select action from audit_log where entity = 'doctor' and record_id = ${ids.doctorNoBio} order by id desc limit 1`.execute(api.db);
    expect(audit.rows[0].action).toBe('remind');
  });

  test('another list is another reminder; a patient without email is sent a text message instead', async () => {
    const before = (await outbox()).length;
    const clinics = await api.call('admin', 'POST', '/api/notifications/doctorNotAddedPrescription/remind', { ids: [ids.doctorNoRx] });
    expect(clinics.body.data).toEqual([{ id: ids.doctorNoRx, result: 'sent', channel: 'mail' }]);
    expect((await outbox()).at(-1)!.body).toMatch(/without a prescription: 2/);
    // Their phone is a mobile (worklists-sms.test.ts follows text messages to the file and the gateway).
    const noEmail = await api.call('admin', 'POST', '/api/notifications/patientInCompleteProfile/remind', { ids: [ids.patientNoEmail] });
    expect(noEmail.body.data).toEqual([{ id: ids.patientNoEmail, result: 'sent', channel: 'sms' }]);
    const added = (await outbox()).slice(before);
    expect(added.map((m) => m.channel)).toEqual(['mail', 'sms']);
    const reminders = await sql<{ n: number }>`select count(*)::int as n from reminder where entity = 'patients' and record_id = ${ids.patientNoEmail}`.execute(api.db);
    expect(reminders.rows[0].n).toBe(1);
  });

  test.each([
    ['no ids', {}], ['empty', { ids: [] }], ['not numbers', { ids: ['1'] }], ['zero', { ids: [0] }], ['too large', { ids: [2 ** 31] }],
    ['too many', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }], ['extra member', { ids: [1], force: true }], ['not an object', [1, 2]],
  ])('a body with %s → 400', async (_, body) => {
    const r = await api.call('admin', 'POST', '/api/notifications/patientNotAddedFamilyMember/remind', body);
    expect(r.status, r.text).toBe(400);
  });

  test('a body that is not JSON → 400', async () => {
    expect((await api.call('admin', 'POST', '/api/notifications/patientNotAddedFamilyMember/remind', 'ids=1', { 'content-type': 'application/json' })).status).toBe(400);
  });
});

describe('bad query parameters → 400', () => {
  test.each(['cursor=abc', 'cursor=[1,2]', 'cursor=["x"]', 'limit=0', 'limit=abc', 'sort=id:asc', 'q=' + 'y'.repeat(101)])('?%s', async (qs) => {
    const r = await api.call('admin', 'GET', `/api/notifications/doctorInCompleteProfile?${qs}`);
    expect(r.status, r.text).toBe(400);
  });
  test('an unknown worklist is 404', async () => {
    expect((await api.call('admin', 'GET', '/api/notifications/everyone')).status).toBe(404);
  });
});

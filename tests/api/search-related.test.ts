import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity, type EntityDef } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR, updateRecord } from '../../src/server/crud/write';
import { ensureSearchTexts, searchTextSource } from '../../src/server/search/search-text-upkeep';
import { setupApi } from './harness';

/**
 * Records are found by the people and places they are about (search/reference-text.ts): an appointment, a payment or
 * a membership card by its patient's, doctor's and centre's names; by a phone only where every role that may read
 * the record may read the person's phone; and by the new name as soon as a person is renamed.
 */
const api = setupApi();
const def = (name: string) => getEntity(name);

/** Unlikely words, so that only this file's records hold them. */
const PATIENT = { firstName: 'Zephyrine', lastName: 'Quillfeather', phone: '+91 97007 31415' };
const DOCTOR = { firstName: 'Ormond', lastName: 'Vexley' };
const CENTRE = 'Brambleworth Clinic';

const made: Record<string, Record<string, unknown>> = {};

async function make(entity: EntityDef, fields: Record<string, unknown>) {
  const payload = await api.payload(entity);
  if (!payload) throw new Error(`no payload for ${entity.name}`);
  return createRecord(api.db, entity, { ...payload, ...fields }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
}

const hitsOf = async (who: Parameters<typeof api.call>[0], q: string) => {
  const r = await api.call(who, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(r.status).toBe(200);
  return r.body.data as { entity: string; id: number; title: string; subtitle: string; parts?: { values: Record<string, unknown>; labels: Record<string, string> } }[];
};
const found = (hits: { entity: string; id: number }[], entity: string, id: unknown) => hits.some((h) => h.entity === entity && h.id === Number(id));
const listed = async (who: Parameters<typeof api.call>[0], entity: EntityDef, q: string) => {
  const r = await api.call(who, 'GET', `/api/${entity.api}?q=${encodeURIComponent(q)}`);
  expect(r.status).toBe(200);
  return (r.body.data as { id: number }[]).map((x) => Number(x.id));
};

beforeAll(async () => {
  made.patient = await make(def('patients'), PATIENT);
  made.doctor = await make(def('doctor'), DOCTOR);
  made.fmc = await make(def('fmc'), { name: CENTRE });
  await api.joinCentre(Number(made.fmc.id));
  made.appointment = await make(def('appointments'), { patient: made.patient.id, doctor: made.doctor.id, fmc: made.fmc.id, slot: null });
  made.payment = await make(def('payment'), { patient: made.patient.id, doctor: made.doctor.id, appointment: made.appointment.id });
  made.card = await make(def('membershipcard'), { patient: made.patient.id });
});

describe('found by the people and places they are about', () => {
  test("an appointment, its payment and the patient's card by the patient's surname, in the palette and the lists", async () => {
    const hits = await hitsOf('admin', 'quillfeather');
    expect(found(hits, 'patients', made.patient.id)).toBe(true);
    expect(found(hits, 'appointments', made.appointment.id)).toBe(true);
    expect(found(hits, 'payment', made.payment.id)).toBe(true);
    expect(found(hits, 'membershipcard', made.card.id)).toBe(true);
    expect(await listed('admin', def('appointments'), 'quillfeather')).toEqual([Number(made.appointment.id)]);
    expect(await listed('admin', def('payment'), 'Zephyrine Quillfeather')).toEqual([Number(made.payment.id)]);
  });

  test("by the doctor's name, the centre's name and the record's own number", async () => {
    expect(found(await hitsOf('admin', 'vexley'), 'appointments', made.appointment.id)).toBe(true);
    expect(await listed('admin', def('appointments'), CENTRE)).toEqual([Number(made.appointment.id)]);
    expect(found(await hitsOf('admin', String(made.appointment.number)), 'appointments', made.appointment.id)).toBe(true);
  });

  test("the palette takes a term's words in any order: the patient's and the doctor's names together", async () => {
    const hits = await hitsOf('admin', 'vexley zephyrine');
    expect(hits.filter((h) => h.entity === 'appointments').map((h) => h.id)).toEqual([Number(made.appointment.id)]);
    expect(found(hits, 'patients', made.patient.id)).toBe(false);
  });

  test('a hit carries its parts: the references by title, the moment and the status as stored, never a sentence', async () => {
    const hit = (await hitsOf('admin', 'quillfeather')).find((h) => h.entity === 'appointments')!;
    expect(hit.title).toBe(made.appointment.number);
    expect(hit.parts?.labels).toMatchObject({ patient: 'Zephyrine Quillfeather', doctor: 'Ormond Vexley', fmc: CENTRE });
    expect(hit.parts?.values).toMatchObject({ scheduledAt: made.appointment.scheduledAt, status: made.appointment.status });
    const pay = (await hitsOf('admin', 'quillfeather')).find((h) => h.entity === 'payment')!;
    expect(pay.parts?.values).toMatchObject({ amount: made.payment.amount, method: made.payment.method, status: made.payment.status });
    // The pickers' options carry the same parts.
    const options = await api.call('admin', 'GET', '/api/appointments/options?q=quillfeather');
    expect(options.body.data).toEqual([expect.objectContaining({ id: Number(made.appointment.id), parts: expect.objectContaining({ labels: expect.objectContaining({ patient: 'Zephyrine Quillfeather' }) }) })]);
  });
});

describe("a phone finds a record only for roles that may read the person's phone", () => {
  const digits = PATIENT.phone.replace(/\D/g, '').slice(-10);

  test("an appointment (superadmin and admin, who read patients) is found by its patient's phone", async () => {
    expect(found(await hitsOf('admin', digits.slice(0, 5)), 'appointments', made.appointment.id)).toBe(true);
    expect(await listed('superadmin', def('appointments'), '97007')).toEqual([Number(made.appointment.id)]);
  });

  test('a membership card, which every role reads, is found by the name but never by the phone, for any role', async () => {
    for (const role of ['fmc', 'doctor', 'railway', 'admin'] as const) {
      expect(await listed(role, def('membershipcard'), 'quillfeather'), role).toEqual([Number(made.card.id)]);
      expect(await listed(role, def('membershipcard'), '97007'), role).toEqual([]);
      expect(found(await hitsOf(role, '97007 31415'), 'membershipcard', made.card.id), role).toBe(false);
    }
    // fmc staff may not read patients: the patient is no hit of theirs either.
    expect(found(await hitsOf('fmc', 'quillfeather'), 'patients', made.patient.id)).toBe(false);
  });
});

describe('kept current when a person is renamed', () => {
  test("a doctor renamed through the API: their appointments and payments are found by the new name, not the old", async () => {
    const doctor = def('doctor');
    const current = (await api.call('admin', 'GET', `/api/${doctor.api}/${made.doctor.id}`)).body.data;
    const { _labels, _set, ...record } = current;
    const r = await api.call('admin', 'PUT', `/api/${doctor.api}/${made.doctor.id}`, { ...record, lastName: 'Thistlewood' });
    expect(r.status, r.text).toBe(200);
    const hits = await hitsOf('admin', 'thistlewood');
    expect(found(hits, 'appointments', made.appointment.id)).toBe(true);
    expect(found(hits, 'payment', made.payment.id)).toBe(true);
    expect(found(await hitsOf('admin', 'vexley'), 'appointments', made.appointment.id)).toBe(false);
  });

  test('a patient renamed (as the app renames them): every record about them follows', async () => {
    const patients = def('patients');
    const before = (await api.row(patients, Number(made.patient.id)))!;
    // updateRecord rewrites the referrers' texts inside its own transaction, after the record's own row.
    await updateRecord(api.db, patients, Number(made.patient.id), { version: before.version, lastName: 'Marchbanks' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const holding = (await sql<{ entity: string }>`select entity from search_index where doc like '%zephyrine marchbanks%' order by entity`.execute(api.db)).rows.map((r) => r.entity);
    expect(holding).toEqual(['appointments', 'membershipcard', 'patients', 'payment']);
    expect(await listed('admin', def('appointments'), 'marchbanks')).toEqual([Number(made.appointment.id)]);
    expect(await listed('admin', def('appointments'), 'quillfeather')).toEqual([]);
  });

  test("a change that no referrer's text holds rewrites nothing", async () => {
    const { refreshReferrers } = await import('../../src/server/search');
    const patient = (await api.call('superadmin', 'GET', `/api/patients/${made.patient.id}`)).body.data;
    expect(await refreshReferrers(api.db, def('patients'), patient, { ...patient, insuranceProvider: 'Other Mutual' })).toBe(0);
    expect(await refreshReferrers(api.db, def('patients'), patient, { ...patient, firstName: 'Zephyrina' })).toBeGreaterThanOrEqual(3);
    await refreshReferrers(api.db, def('patients'), { ...patient, firstName: 'Zephyrina' }, patient);
  });
});

describe('search texts written before references were searched', () => {
  test('are rewritten at start, once, for the entities whose recorded source differs', async () => {
    await sql`update search_index set doc = lower(title) where entity = 'appointments'`.execute(api.db);
    await sql`delete from search_text_source where entity = 'appointments'`.execute(api.db);
    expect(await listed('admin', def('appointments'), 'marchbanks')).toEqual([]);
    await ensureSearchTexts(api.db);
    expect(await listed('admin', def('appointments'), 'marchbanks')).toEqual([Number(made.appointment.id)]);
    const source = await sql<{ source: string }>`select source from search_text_source where entity = 'appointments'`.execute(api.db);
    expect(source.rows[0].source).toBe(searchTextSource(def('appointments')));
  });
});

describe('a list narrowed to one record', () => {
  test('filter[id] keeps that record alone; a value that is no id is refused', async () => {
    const r = await api.call('admin', 'GET', `/api/payment?filter[id]=${made.payment.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data.map((x: { id: number }) => x.id)).toEqual([Number(made.payment.id)]);
    for (const bad of ['x', '0', '-3', '1.5', '99999999999']) {
      const refused = await api.call('admin', 'GET', `/api/payment?filter[id]=${bad}`);
      expect(refused.status, bad).toBe(400);
    }
  });
});

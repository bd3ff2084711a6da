import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, deleteRecord, restoreRecord, SYSTEM_ACTOR, updateRecord } from '../../src/server/crud/write';
import { ensureDayCountZones, keptZones } from '../../src/server/search/day-counts';
import { dueSeen } from '../../src/server/search/patients-seen';
import { appointmentVersion, dayAgo, makeAppointment } from './appointment-writes';
import { setupApi } from './harness';
import { untilWaitingOnLock } from './lock-wait';

/**
 * The fmc dashboard's patients seen (migration 0026): each patient's latest visit and the patients a day kept equal
 * what the appointments say after writes of every kind (create, edit of the day, centre, patient and status,
 * transition, delete, restore, bulk statements, two writes at once on one patient), and the dashboard answers the same
 * from them as counted from the appointments, a visit dated after today included.
 */
const api = setupApi();
const def = getEntity('appointments');
const onPostgres = !!process.env.TEST_DATABASE_URL;

let centreB = 0;
const people: number[] = [];
const made: number[] = [];

interface Seen { fmc: number; patient: number; day: string | null }
/** What the tables hold for `zone`: each patient's latest day (none left out as null) and the patients a day. */
async function kept(zone: string) {
  const seen = (await sql<Seen>`select fmc, patient, day::text as day from appointment_patient_seen
    where zone = ${zone} and day is not null order by 1, 2`.execute(api.db)).rows;
  const days = (await sql<{ fmc: number; day: string; n: number }>`select fmc, day::text as day, n from appointment_seen_day_count
    where zone = ${zone} and n <> 0 order by 1, 2`.execute(api.db)).rows;
  return { seen, days };
}
async function due(zone: string) {
  const seen = (await sql<Seen>`select fmc, patient, day::text as day from (${dueSeen(zone)}) d order by 1, 2`.execute(api.db)).rows;
  const days = (await sql<{ fmc: number; day: string; n: number }>`select fmc, day::text as day, count(*)::int as n from (${dueSeen(zone)}) d
    group by 1, 2 order by 1, 2`.execute(api.db)).rows;
  return { seen, days };
}
async function expectKeptEqualsDue() {
  for (const zone of keptZones(api.config.centreTimeZone)) expect(await kept(zone), zone).toEqual(await due(zone));
}

const make = async (values: Record<string, unknown>) => Number((await makeAppointment(api, made, values)).id);
const current = (id: number) => appointmentVersion(api, id);
const complete = async (ids: number[]) => { await sql`update appointment set status = 'completed' where id = any(${ids}::int[])`.execute(api.db); };

beforeAll(async () => {
  centreB = Number((await createRecord(api.db, getEntity('fmc'), (await api.payload(getEntity('fmc')))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);
  for (let i = 0; i < 3; i++) people.push(Number((await api.insert(getEntity('patients')))!.id));
  // Each patient seen at both centres, around the local midnights of both zones (18:20 UTC is 23:50 in Kolkata),
  // in the 30 days and before them; then completed.
  for (const [i, patient] of people.entries()) {
    for (const [days, hour] of [[0, 1], [1, 18], [12, 5 + i], [29, 23], [31, 2]] as const) {
      await make({ patient, fmc: (days + i) % 2 ? api.homeCentre : centreB, scheduledAt: dayAgo(days, hour) });
    }
  }
  await complete(made);
});

describe('appointment_patient_seen and appointment_seen_day_count', () => {
  test('hold each patient\'s latest visit after completions', async () => {
    expect((await kept('UTC')).seen.length).toBeGreaterThan(0);
    await expectKeptEqualsDue();
  });

  test('after edits of the day, the centre, the patient and the status, transitions, deletes, restores and bulk updates', async () => {
    const [a, b, c, d, e, f] = made;
    await updateRecord(api.db, def, a, { version: await current(a), scheduledAt: dayAgo(5, 18) }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    await updateRecord(api.db, def, b, { version: await current(b), fmc: api.homeCentre === (await fmcOf(b)) ? centreB : api.homeCentre }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    await updateRecord(api.db, def, c, { version: await current(c), patient: people[2] }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    await expectKeptEqualsDue();
    // A visit un-completed (its patient's latest goes back to an earlier one), one made and completed through the API.
    await sql`update appointment set status = 'confirmed' where id = ${d}`.execute(api.db);
    const fresh = await make({ patient: people[1], fmc: centreB, scheduledAt: dayAgo(2, 9) });
    const moved = await api.call('superadmin', 'POST', `/api/${def.api}/${fresh}/transition`, { to: 'completed', version: await current(fresh) });
    expect(moved.status, moved.text).toBe(200);
    await expectKeptEqualsDue();
    await deleteRecord(api.db, def, e, SYSTEM_ACTOR);
    await expectKeptEqualsDue();
    await restoreRecord(api.db, def, e, SYSTEM_ACTOR);
    await sql`update appointment set scheduled_at = scheduled_at + interval '7 hours' where id = any(${made.slice(6)}::int[])`.execute(api.db);
    await sql`update appointment set fee = coalesce(fee, 0) + 1 where id = ${f}`.execute(api.db);
    await expectKeptEqualsDue();
    await sql`delete from appointment where id = any(${made.slice(-3)}::int[])`.execute(api.db);
    await expectKeptEqualsDue();
  });

  test('a zone added at start is filled from the appointments as they stand', async () => {
    await ensureDayCountZones(api.db, ['Asia/Kathmandu']);
    expect(await kept('Asia/Kathmandu')).toEqual(await due('Asia/Kathmandu'));
    await complete([await make({ patient: people[0], fmc: centreB, scheduledAt: dayAgo(1, 18) })]);
    expect(await kept('Asia/Kathmandu')).toEqual(await due('Asia/Kathmandu'));
  });

  // Each write takes the patient's row before it reads their latest visit, and reads it in a statement of its own:
  // the second waits for the first and then sees its visit. (PGlite runs one transaction at a time: PostgreSQL only.)
  test.runIf(onPostgres)('two writes at once on one patient\'s visits: the second waits for the first, then counts it', async () => {
    const patient = Number((await api.insert(getEntity('patients')))!.id);
    await complete([await make({ patient, fmc: centreB, scheduledAt: dayAgo(9, 10) })]);
    const older = await make({ patient, fmc: centreB, scheduledAt: dayAgo(6, 10) });
    const newer = await make({ patient, fmc: centreB, scheduledAt: dayAgo(3, 10) });
    let second: Promise<void> | undefined;
    await api.db.transaction().execute(async (tx) => {
      await sql`update appointment set status = 'completed' where id = ${older}`.execute(tx);
      second = api.db.transaction().execute(async (tx2) => { await sql`update appointment set status = 'completed' where id = ${newer}`.execute(tx2); });
      // Until the second write waits on this one's row of the patient.
      await untilWaitingOnLock(api.db, 'update appointment set status');
    });
    await second;
    await expectKeptEqualsDue();
  });
});

const fmcOf = async (id: number) => Number((await sql<{ fmc: number }>`select fmc from appointment where id = ${id}`.execute(api.db)).rows[0].fmc);

describe('GET /api/fmc/dashboard: patients seen from the kept days', () => {
  /** The dashboard as counted from the appointments: the same call with the zone not kept, then kept again. */
  async function counted(role: 'superadmin' | 'fmc', qs: string, zone: string) {
    await sql`delete from appointment_day_zone where zone = ${zone}`.execute(api.db);
    try {
      return (await api.call(role, 'GET', `/api/fmc/dashboard?${qs}`)).body.data;
    } finally {
      await ensureDayCountZones(api.db, [zone]);
    }
  }

  test('a completed visit dated after today still counts its patient as seen in the 30 days', async () => {
    const patient = Number((await api.insert(getEntity('patients')))!.id);
    await complete([await make({ patient, fmc: centreB, scheduledAt: dayAgo(4, 10) }), await make({ patient, fmc: centreB, scheduledAt: dayAgo(-3, 10) })]);
    const seen = await sql<{ day: string }>`select day::text as day from appointment_patient_seen where zone = 'UTC' and fmc = 0 and patient = ${patient}`.execute(api.db);
    expect(seen.rows[0].day).toBe(dayAgo(-3, 10).slice(0, 10));
    const fromKept = (await api.call('superadmin', 'GET', `/api/fmc/dashboard?fmc=${centreB}&tz=UTC`)).body.data;
    expect(fromKept.patientsSeen).toEqual((await counted('superadmin', `fmc=${centreB}&tz=UTC`, 'UTC')).patientsSeen);
  });

  test.each([
    ['superadmin', 'tz=UTC', 'UTC'], ['superadmin', 'tz=Asia/Kolkata', 'Asia/Kolkata'], ['superadmin', '', 'UTC'],
    ['fmc', 'tz=Asia/Kolkata', 'Asia/Kolkata'], ['fmc', 'tz=UTC', 'UTC'], ['superadmin', 'fmc=centreB&tz=Asia/Kolkata', 'Asia/Kolkata'],
  ] as const)('%s ?%s: the same figures as counted from the appointments', async (role, raw, zone) => {
    const qs = raw.replace('centreB', String(centreB));
    const fromKept = await api.call(role, 'GET', `/api/fmc/dashboard?${qs}`);
    expect(fromKept.status, fromKept.text).toBe(200);
    if (role === 'superadmin') expect(fromKept.body.data.patientsSeen.last30Days).toBeGreaterThan(0);
    expect(fromKept.body.data).toEqual(await counted(role, qs, zone));
  });
});

import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity, listQueryString, parseListQuery } from '../../src/registry';
import { listPage } from '../../src/server/search';
import { createRecord, deleteRecord, restoreRecord, SYSTEM_ACTOR, updateRecord } from '../../src/server/crud/write';
import { dueCounts, ensureDayCountZones, keptZones } from '../../src/server/search/day-counts';
import { appointmentVersion, dayAgo, makeAppointment } from './appointment-writes';
import { setupApi } from './harness';
import { listed } from './list-plan';

/**
 * The fmc dashboard's appointments a day (migration 0022): the kept counts equal a count of the appointments after
 * writes of every kind (create, edit of the day, the centre and the status, transition, delete, restore, a bulk
 * statement), and the dashboard answers the same from them as counted from the appointments.
 */
const api = setupApi();
const def = getEntity('appointments');

let centreB = 0;
const made: number[] = [];

/** What the table holds for `zone`, rows of no appointment left out. */
async function kept(zone: string) {
  return (await sql<{ fmc: number; day: string; status: string; n: number }>`select fmc, day::text as day, status, n from appointment_day_count
    where zone = ${zone} and n <> 0 order by 1, 2, 3`.execute(api.db)).rows;
}
async function due(zone: string) {
  return (await sql<{ fmc: number; day: string; status: string; n: number }>`select fmc, day::text as day, status, n from (${dueCounts(zone)}) d
    order by 1, 2, 3`.execute(api.db)).rows;
}
async function expectKeptEqualsDue() {
  for (const zone of keptZones(api.config.centreTimeZone)) expect(await kept(zone), zone).toEqual(await due(zone));
}

const make = (values: Record<string, unknown>) => makeAppointment(api, made, values);
const current = (id: number) => appointmentVersion(api, id);

beforeAll(async () => {
  centreB = Number((await createRecord(api.db, getEntity('fmc'), (await api.payload(getEntity('fmc')))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);
  // Around the local midnights of both zones kept (18:20 UTC is 23:50 in Kolkata), over the 30 days and before them.
  for (const [days, hour] of [[0, 1], [0, 18], [1, 18], [3, 19], [12, 5], [29, 23], [31, 2]] as const) {
    await make({ fmc: api.homeCentre, scheduledAt: dayAgo(days, hour) });
    await make({ fmc: centreB, scheduledAt: dayAgo(days, hour) });
  }
  await make({ fmc: null, scheduledAt: dayAgo(2, 10) });
});

describe('appointment_day_count', () => {
  test('every zone kept holds a count of the appointments after creates', async () => {
    expect((await sql<{ zone: string }>`select zone from appointment_day_zone order by zone`.execute(api.db)).rows.map((r) => r.zone))
      .toEqual(keptZones(api.config.centreTimeZone).sort());
    expect((await kept('UTC')).length).toBeGreaterThan(0);
    await expectKeptEqualsDue();
  });

  test('after edits of the day, the centre and the status, transitions, deletes, restores and a bulk update', async () => {
    const [a, b, c, d, e] = made;
    await updateRecord(api.db, def, a, { version: await current(a), scheduledAt: dayAgo(5, 18) }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    await updateRecord(api.db, def, b, { version: await current(b), fmc: api.homeCentre }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    await updateRecord(api.db, def, c, { version: await current(c), fmc: null }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const moved = await api.call('superadmin', 'POST', `/api/${def.api}/${d}/transition`, { to: 'cancelled', version: await current(d), reason: 'Unwell' });
    expect(moved.status, moved.text).toBe(200);
    await expectKeptEqualsDue();
    await deleteRecord(api.db, def, e, SYSTEM_ACTOR);
    await expectKeptEqualsDue();
    await restoreRecord(api.db, def, e, SYSTEM_ACTOR);
    await sql`update appointment set status = 'completed' where id = any(${made.slice(5)}::int[]) and scheduled_at < now()`.execute(api.db);
    await sql`update appointment set scheduled_at = scheduled_at + interval '7 hours' where id = any(${made.slice(8)}::int[])`.execute(api.db);
    await expectKeptEqualsDue();
    await sql`delete from appointment where id = any(${made.slice(-3)}::int[])`.execute(api.db);
    await expectKeptEqualsDue();
  });

  test('a zone added at start is filled from the appointments as they stand', async () => {
    await ensureDayCountZones(api.db, ['Asia/Kathmandu', 'Not/AZone']);
    expect(await kept('Asia/Kathmandu')).toEqual(await due('Asia/Kathmandu'));
    expect((await sql`select 1 from appointment_day_zone where zone = 'Not/AZone'`.execute(api.db)).rows).toHaveLength(0);
    await make({ fmc: centreB, scheduledAt: dayAgo(1, 18) });
    expect(await kept('Asia/Kathmandu')).toEqual(await due('Asia/Kathmandu'));
  });
});

describe('GET /api/fmc/dashboard from the kept counts', () => {
  /** The dashboard as counted from the appointments: the same call with the zone not kept, then kept again. */
  async function counted(role: 'superadmin' | 'fmc', qs: string, zone: string) {
    await sql`delete from appointment_day_zone where zone = ${zone}`.execute(api.db);
    try {
      return (await api.call(role, 'GET', `/api/fmc/dashboard?${qs}`)).body.data;
    } finally {
      await ensureDayCountZones(api.db, [zone]);
    }
  }

  test.each([
    ['superadmin', 'tz=UTC', 'UTC'], ['superadmin', 'tz=Asia/Kolkata', 'Asia/Kolkata'], ['superadmin', '', 'UTC'],
    ['fmc', 'tz=Asia/Kolkata', 'Asia/Kolkata'], ['fmc', 'tz=UTC', 'UTC'],
  ] as const)('%s ?%s: the same figures as counted from the appointments', async (role, qs, zone) => {
    const fromCounts = await api.call(role, 'GET', `/api/fmc/dashboard?${qs}`);
    expect(fromCounts.status, fromCounts.text).toBe(200);
    expect(fromCounts.body.data.series.some((p: { appointments: number }) => p.appointments > 0)).toBe(true);
    expect(fromCounts.body.data).toEqual(await counted(role, qs, zone));
  });

  test('one centre chosen, by a superadmin', async () => {
    const qs = `fmc=${centreB}&tz=Asia/Kolkata`;
    const fromCounts = (await api.call('superadmin', 'GET', `/api/fmc/dashboard?${qs}`)).body.data;
    expect(fromCounts.series.reduce((s: number, p: { appointments: number }) => s + p.appointments, 0)).toBeGreaterThan(0);
    expect(fromCounts).toEqual(await counted('superadmin', qs, 'Asia/Kolkata'));
  });
});

describe('the appointments list counted from the kept counts', () => {
  const direct = async (where: ReturnType<typeof sql>) => Number((await sql<{ n: number }>`select count(*)::int as n from appointment where ${where}`.execute(api.db)).rows[0].n);

  test.each([
    ['no filter', {}],
    ['a status', { status: 'completed' }],
    ['another status', { status: 'confirmed' }],
    ['a centre', { fmc: 'home' }],
    ['a centre and a status', { fmc: 'home', status: 'completed' }],
  ] as const)('%s: the first page and the next count what a count of the appointments says', async (_what, raw) => {
    const filters: Record<string, string> = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === 'home' ? String(api.homeCentre) : v]));
    const want = await direct(sql.join([sql`true`, ...(filters.status ? [sql`status = ${filters.status}`] : []), ...(filters.fmc ? [sql`fmc = ${Number(filters.fmc)}`] : [])], sql` and `));
    expect(want).toBeGreaterThan(1);
    const first = await listed(api, def, listQueryString({ filters, limit: 1 }));
    expect(first.plan.count).toBe('kept');
    expect(first.body.total).toBe(want);
    const next = await listed(api, def, `${listQueryString({ filters, limit: 1 })}&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(next.plan.count).toBe('kept');
    expect(next.body.total).toBe(want);
    // When UTC is not kept, a status alone or no filter from the value counts (value-counts.ts), the rest counted from
    // the table: the same figure.
    await sql`delete from appointment_day_zone where zone = 'UTC'`.execute(api.db);
    try {
      const counted = await listed(api, def, listQueryString({ filters, limit: 1 }));
      expect(counted.plan.count).toBe(['status', ''].includes(Object.keys(filters).join()) ? 'kept' : 'with-page');
      expect(counted.body.total).toBe(want);
    } finally {
      await ensureDayCountZones(api.db, ['UTC']);
    }
  });

  test('another filter, a term or a centre scope is counted from the table', async () => {
    expect((await listed(api, def, listQueryString({ filters: { mode: 'home', status: 'completed' }, limit: 1 }))).plan.count).not.toBe('kept');
    expect((await listed(api, def, listQueryString({ q: 'apt', limit: 1 }))).plan.count).not.toBe('kept');
    const parsed = parseListQuery(def, new URLSearchParams(listQueryString({ filters: { status: 'completed' }, limit: 1 })));
    if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
    const scoped = await listPage(api.db, def, parsed.query, [sql`t.fmc = any(${[api.homeCentre]}::int[])`]);
    expect(scoped.plan.count).not.toBe('kept');
    expect(scoped.answer.total).toBe(await direct(sql`status = 'completed' and fmc = ${api.homeCentre}`));
  });
});

import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity, listQueryString } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { filterSql } from '../../src/server/records/list-filter';
import { whereOf } from '../../src/server/search/list-order';
import { setupApi } from './harness';
import { listed } from './list-plan';

/**
 * The payments list's count from the kept day counts (migration 0025, search/payment-counts.ts): for a status view, a
 * method and a period, the total a count of the payments gives, after creates, transitions and a delete, for periods
 * of whole days and periods cut mid-day (their ends counted from the payments).
 */
const api = setupApi();
const def = getEntity('payment');

/** The count by definition: the payments the filters select, counted. */
async function direct(filters: Record<string, string>): Promise<number> {
  const where = Object.entries(filters).map(([k, v]) => filterSql(def, k, v));
  return Number((await sql<{ n: number }>`select count(*)::int as n from payment t ${whereOf(where)}`.execute(api.db)).rows[0].n);
}

/** The kept counts, and what they must be: the payments grouped by UTC day, status and method. */
const kept = async () => (await sql`select to_char(day, 'YYYY-MM-DD') as day, status, method, n from payment_day_count where n <> 0 order by 1, 2, 3`.execute(api.db)).rows;
const due = async () => (await sql`select to_char((initiated_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, status, method, count(*)::int as n
  from payment group by 1, 2, 3 order by 1, 2, 3`.execute(api.db)).rows;

const METHODS = ['upi', 'card', 'cash'];

beforeAll(async () => {
  // Around UTC midnights over five days: 23:40, 00:20 and noon of each.
  for (let i = 0; i < 30; i++) {
    const day = Date.UTC(2031, 4, 10 + (i % 5));
    const at = day + [-20, 20, 12 * 60][i % 3] * 60_000;
    await createRecord(api.db, def, { ...(await api.payload(def))!, method: METHODS[i % 3], status: 'pending', initiatedAt: new Date(at).toISOString() }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  }
});

describe('the payments list counted from the kept counts', () => {
  test('the counts equal the payments after creates, transitions and a delete', async () => {
    expect(await kept()).toEqual(await due());
    const ids = (await sql<{ id: number; version: number }>`select id, version from payment where status = 'pending' order by id limit 6`.execute(api.db)).rows;
    for (const [i, r] of ids.entries()) {
      const to = ['completed', 'rejected', 'cancelled'][i % 3];
      const moved = await api.call('superadmin', 'POST', `/api/${def.api}/${r.id}/transition`, { to, version: r.version });
      expect(moved.status, moved.text).toBe(200);
    }
    await sql`update payment set initiated_at = initiated_at + interval '1 day' where id = ${ids[0].id}`.execute(api.db);
    await sql`delete from payment where id = ${ids[1].id}`.execute(api.db);
    expect(await kept()).toEqual(await due());
  });

  test.each([
    ['no filter', {}],
    ['a status', { status: 'pending' }],
    ['a status and a method', { status: 'completed', method: 'upi' }],
    ['a method', { method: 'card' }],
    ['a period of whole days', { status: 'pending', initiatedAt: '2031-05-11..2031-05-12' }],
    ['a period from a date, open', { method: 'upi', initiatedAt: '2031-05-12..' }],
    ['a period to a date', { initiatedAt: '..2031-05-11' }],
    ['a period cut mid-day at both ends', { status: 'pending', initiatedAt: '2031-05-10T06:00:00.000Z..2031-05-13T00:20:00.000Z' }],
    ['a period from a time in another zone', { initiatedAt: '2031-05-11T23:30:00+05:30..' }],
    ['a period within a day', { initiatedAt: '2031-05-12T00:00:00.000Z..2031-05-12T12:00:00.000Z' }],
    ['a period on one midnight', { initiatedAt: '2031-05-12T00:00:00.000Z..2031-05-12T00:00:00.000Z' }],
  ] as const)('%s: the total a count of the payments gives', async (_what, filters: Record<string, string>) => {
    const want = await direct(filters);
    const first = await listed(api, def, listQueryString({ filters, limit: 2 }));
    expect(first.plan.count).toBe('kept');
    expect(first.body.total).toBe(want);
    if (first.body.nextCursor) {
      const next = await listed(api, def, `${listQueryString({ filters, limit: 2 })}&cursor=${encodeURIComponent(first.body.nextCursor)}`);
      expect(next.plan.count).toBe('kept');
      expect(next.body.total).toBe(want);
    }
  });

  test('the cases above are not all empty', async () => {
    expect(await direct({ status: 'pending', initiatedAt: '2031-05-10T06:00:00.000Z..2031-05-13T00:20:00.000Z' })).toBeGreaterThan(3);
    expect(await direct({ initiatedAt: '2031-05-12T00:00:00.000Z..2031-05-12T12:00:00.000Z' })).toBeGreaterThan(1);
  });

  test('a filter the counts do not hold (a doctor) is counted from the payments', async () => {
    const doctor = (await sql<{ d: number }>`select doctor as d from payment limit 1`.execute(api.db)).rows[0].d;
    const r = await listed(api, def, listQueryString({ filters: { status: 'pending', doctor: String(doctor) }, limit: 2 }));
    expect(r.plan.count).not.toBe('kept');
    expect(r.body.total).toBe(await direct({ status: 'pending', doctor: String(doctor) }));
  });
});

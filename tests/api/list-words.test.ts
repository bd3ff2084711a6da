import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * Words in a list's address (registry/derive/list-words.ts) read by the server at each read, for the list, its total
 * and its CSV export alike: `@last30` is the last 30 days of the day the list is read, in the time zone the request
 * names; `@me` the caller. A saved view keeps the words, so it reads the new days when opened later.
 */
const api = setupApi();
const payment = getEntity('payment');
const ticket = getEntity('supportTicket');
const DAY = 86_400_000;
const METHODS = ['upi', 'card', 'cash'];

beforeAll(async () => {
  // A payment every day for the last 45 days, at noon UTC, the methods in turn.
  const noon = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 12);
  for (let i = 0; i < 45; i++) {
    await createRecord(api.db, payment, { ...(await api.payload(payment))!, method: METHODS[i % 3], status: 'pending', initiatedAt: new Date(noon - i * DAY).toISOString() }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
  }
});

/** Payments of a method whose UTC day is one of the last `days` (today included): counted by definition. */
const due = async (days: number, method: string) => (await sql<{ id: number }>`select id from payment
  where method = ${method} and (initiated_at at time zone 'UTC')::date > (now() at time zone 'UTC')::date - ${days}::int order by initiated_at desc, id desc`.execute(api.db)).rows.map((r) => Number(r.id));

const listed = async (query: string) => {
  const r = await api.call('admin', 'GET', `/api/payment?${query}&limit=200`);
  expect(r.status, r.text).toBe(200);
  return { ids: (r.body.data as { id: number }[]).map((p) => p.id), total: r.body.total as number };
};

describe('words read by the server', () => {
  test('"last 30 days" and "last 7 days": the rows and the total of those days, the export the same rows', async () => {
    for (const days of [30, 7]) {
      const want = await due(days, 'upi');
      expect(want.length).toBeGreaterThan(0);
      const got = await listed(`filter[initiatedAt]=@last${days}&filter[method]=upi&tz=UTC`);
      expect(got.ids).toEqual(want);
      expect(got.total).toBe(want.length);
      const csv = await api.call('admin', 'GET', `/api/payment/export?filter[initiatedAt]=@last${days}&filter[method]=upi&tz=UTC&columns=number`);
      expect(csv.status, csv.text).toBe(200);
      expect(csv.headers.get('x-total-count')).toBe(String(want.length));
      expect(csv.text.trim().split(/\r?\n/).length - 1).toBe(want.length);
    }
  });

  test('every date a list holds takes a period, shown as a column or not: an invoice voided, a doctor born', async () => {
    for (const [path, field] of [['invoices', 'voidedAt'], ['doctor', 'dateOfBirth']]) {
      for (const value of ['@last30', '2020-01-01..2020-12-31']) {
        const r = await api.call('superadmin', 'GET', `/api/${path}?filter[${field}]=${value}&tz=UTC`);
        expect(r.status, `${path} ${field} ${value}: ${r.text}`).toBe(200);
      }
    }
  });

  test('a word its field cannot mean is a 400 naming the filter, never a 500', async () => {
    for (const q of ['filter[initiatedAt]=@me', 'filter[initiatedAt]=@last0', 'filter[method]=@today', 'filter[patient]=@me', 'tz=Nowhere/Else']) {
      const r = await api.call('admin', 'GET', `/api/payment?${q}`);
      expect(r.status, q).toBe(400);
    }
  });

  test('"me" is whoever reads: tickets assigned to the caller', async () => {
    const make = async (assignee: number) => createRecord(api.db, ticket, { ...(await api.payload(ticket))!, fmc: api.homeCentre, assignee }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const mine = await make(api.userIds.superadmin);
    // Someone else's ticket: assigned to another person directly, as data from before the assignee rule may be.
    const theirs = await make(api.userIds.superadmin);
    await sql`update support_ticket set assignee = ${api.userIds.admin} where id = ${theirs.id}`.execute(api.db);
    const r = await api.call('superadmin', 'GET', '/api/supportTicket?filter[assignee]=@me&limit=200');
    expect(r.status, r.text).toBe(200);
    const ids = (r.body.data as { id: number }[]).map((t) => t.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(r.body.total).toBe(Number((await sql<{ n: number }>`select count(*)::int as n from support_ticket where assignee = ${api.userIds.superadmin}`.execute(api.db)).rows[0].n));
  });

  test('"my centre" is the caller\'s centres; none for an account without one', async () => {
    const slots = getEntity('fmcslots');
    const other = await createRecord(api.db, getEntity('fmc'), await api.anyPayload(getEntity('fmc')), { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const home = await createRecord(api.db, slots, { ...(await api.payload(slots))!, fmc: api.homeCentre }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const away = await createRecord(api.db, slots, { ...(await api.payload(slots))!, fmc: other.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const r = await api.call('fmc', 'GET', '/api/fmcslots?filter[fmc]=@mycentre&limit=200');
    expect(r.status, r.text).toBe(200);
    const ids = (r.body.data as { id: number }[]).map((t) => t.id);
    expect(ids).toContain(home.id);
    expect(ids).not.toContain(away.id);
    const everyone = await api.call('superadmin', 'GET', '/api/fmcslots?limit=200');
    expect((everyone.body.data as { id: number }[]).map((t) => t.id)).toContain(away.id);
    const none = await api.call('superadmin', 'GET', '/api/fmcslots?filter[fmc]=@mycentre');
    expect(none.status, none.text).toBe(200);
    expect(none.body.total).toBe(0);
  });

  test('a view saved as "last 30 days" reads the new 30 days when opened later', async () => {
    const address = '/dashboard/payment/recent?filter[initiatedAt]=@last30&filter[method]=upi';
    const saved = await api.call('admin', 'POST', '/api/views', { name: 'UPI, last 30 days', address });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.data.address).toBe(address);
    const query = new URL(saved.body.data.address, 'http://x').search.slice(1);
    const today = await listed(`${query}&tz=UTC`);
    expect(today.ids).toEqual(await due(30, 'upi'));
    // Ten days on: the payments are ten days older, as they would be on opening the view ten days later.
    await sql`update payment set initiated_at = initiated_at - interval '10 days'`.execute(api.db);
    const later = await listed(`${query}&tz=UTC`);
    expect(later.ids).toEqual(await due(30, 'upi'));
    expect(later.total).toBeLessThan(today.total);
  });
});

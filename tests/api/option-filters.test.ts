import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { setupApi } from './harness';

/**
 * A picker's filters besides its text (crud/option-filters.ts): a move's picker asks only for the records whose status
 * the move moves from (`status`), a sentence for the people who have records of a kind (`referredBy`). Each is checked
 * against the records as stored, refused when it names what the registry does not have, and kept to the caller's
 * rights and centres.
 */
const api = setupApi();
const requests = getEntity('requestVerification');
const doctors = getEntity('doctor');
const payments = getEntity('payment');
const slots = getEntity('fmcslots');

const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((o) => o.id).sort((a, b) => a - b);
const byStatus: Record<string, number[]> = { pending: [], requested: [], verified: [] };
/** Three doctors of one surname: one with payments, one with a slot at the scoped accounts' centre, one with neither. */
const varman: { paid: number; slotted: number; none: number } = { paid: 0, slotted: 0, none: 0 };

async function make(def: ReturnType<typeof getEntity>, values: Record<string, unknown>) {
  return createRecord(api.db, def, { ...(await api.payload(def))!, ...values }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
}

beforeAll(async () => {
  for (const status of ['pending', 'requested', 'verified', 'requested', 'pending', 'requested']) {
    const rec = await make(requests, {});
    // The status is the workflow's (no payload writes it): set as its moves would leave it.
    await sql`update ${sql.raw(ident(requests.table))} set status = ${status} where id = ${rec.id}`.execute(api.db);
    byStatus[status].push(Number(rec.id));
  }
  for (const key of ['paid', 'slotted', 'none'] as const) varman[key] = Number((await make(doctors, { firstName: `Dr${key}`, lastName: 'Varmanqz' })).id);
  await make(payments, { doctor: varman.paid });
  await make(slots, { doctor: varman.slotted, fmc: api.homeCentre });
  // A payment's fake payload makes what it needs (an appointment, its slot) with doctors picked at random, these
  // three among them: what they made is moved to the doctor each kind should name, so that only ours tell them apart.
  await sql`update ${sql.raw(ident(slots.table))} set doctor = ${varman.slotted} where doctor in (${varman.paid}, ${varman.none})`.execute(api.db);
  await sql`update ${sql.raw(ident(payments.table))} set doctor = ${varman.paid} where doctor in (${varman.slotted}, ${varman.none})`.execute(api.db);
});

describe('GET /api/{resource}/options?status=', () => {
  test('only the records in the statuses asked for, one or several', async () => {
    const one = await api.call('superadmin', 'GET', `/api/${requests.api}/options?status=requested`);
    expect(one.status, one.text).toBe(200);
    expect(ids(one)).toEqual(byStatus.requested);
    const two = await api.call('superadmin', 'GET', `/api/${requests.api}/options?status=requested,pending&limit=100`);
    expect(ids(two)).toEqual([...byStatus.requested, ...byStatus.pending].sort((a, b) => a - b));
    // With typed text too: the text narrows within the statuses.
    const number = String((await api.row(requests, byStatus.verified[0]))!.number);
    expect(ids(await api.call('superadmin', 'GET', `/api/${requests.api}/options?status=requested&q=${number}`))).toEqual([]);
    expect(ids(await api.call('superadmin', 'GET', `/api/${requests.api}/options?status=verified&q=${number}`))).toEqual([byStatus.verified[0]]);
  });

  test.each([
    ['a status the workflow does not have', `/api/${requests.api}/options?status=approved`],
    ['one good and one not', `/api/${requests.api}/options?status=requested,nope`],
    ['an empty one', `/api/${requests.api}/options?status=`],
    ['an entity without a workflow', '/api/specialist/options?status=open'],
  ])('refuses %s (400, naming the field)', async (_what, url) => {
    const r = await api.call('superadmin', 'GET', url);
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0].field).toMatch(/^status/);
  });
});

describe('GET /api/doctor/options?referredBy=', () => {
  test('only the doctors some record of that kind refers to', async () => {
    const all = await api.call('superadmin', 'GET', '/api/doctor/options?q=varmanqz');
    expect(ids(all)).toEqual([varman.paid, varman.slotted, varman.none]);
    expect(ids(await api.call('superadmin', 'GET', '/api/doctor/options?q=varmanqz&referredBy=payment.doctor'))).toEqual([varman.paid]);
    expect(ids(await api.call('superadmin', 'GET', '/api/doctor/options?q=varmanqz&referredBy=fmcslots.doctor'))).toEqual([varman.slotted]);
  });

  test('within the caller’s centres where the referring kind is scoped', async () => {
    const mine = await api.call('fmc', 'GET', '/api/doctor/options?q=varmanqz&referredBy=fmcslots.doctor');
    expect(mine.status, mine.text).toBe(200);
    expect(ids(mine)).toEqual([varman.slotted]);
    // The slot moved to a centre that is not theirs: the doctor is no longer one "with slots" for them.
    const other = await createRecord(api.db, getEntity('fmc'), await api.anyPayload(getEntity('fmc')), { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    await sql`update ${sql.raw(ident(slots.table))} set fmc = ${other.id} where doctor = ${varman.slotted}`.execute(api.db);
    expect(ids(await api.call('fmc', 'GET', '/api/doctor/options?q=varmanqz&referredBy=fmcslots.doctor'))).toEqual([]);
    expect(ids(await api.call('superadmin', 'GET', '/api/doctor/options?q=varmanqz&referredBy=fmcslots.doctor'))).toEqual([varman.slotted]);
  });

  test('refused for a caller who may not list the referring kind (it would tell who has payments)', async () => {
    const r = await api.call('doctor', 'GET', '/api/doctor/options?q=varmanqz&referredBy=payment.doctor');
    expect(r.status, r.text).toBe(403);
  });

  test.each([
    ['a field that refers elsewhere', '/api/doctor/options?referredBy=payment.patient'],
    ['an entity that is none', '/api/doctor/options?referredBy=nosuch.doctor'],
    ['no field', '/api/doctor/options?referredBy=payment'],
  ])('refuses %s (400)', async (_what, url) => {
    const r = await api.call('superadmin', 'GET', url);
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors[0].field).toBe('referredBy');
  });
});

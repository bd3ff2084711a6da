import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_LIMIT, ENTITIES, getEntity, ownedFields } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * Change and delete many (issue 38 §3, §4): `POST /api/{resource}/bulk` runs each record through the one record's
 * write or delete path and says per record what happened; `POST /api/bulk/{id}/undo` takes the whole action back,
 * leaving what was changed since.
 */
const api = setupApi();
const city = getEntity('city');
const state = getEntity('state');
const slots = getEntity('fmcslots');

const bulk = (who: Parameters<typeof api.call>[0], def: { api: string }, body: unknown) => api.call(who, 'POST', `/api/${def.api}/bulk`, body);
const statusOf = (results: { id: number; status: string }[]) => Object.fromEntries(results.map((r) => [r.id, r.status]));

async function cities(n: number) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) out.push((await api.insert(city))!);
  return out;
}

describe('set a field on many', () => {
  test('each record set with its version; one changed meanwhile is a conflict; audited under the action; undone', async () => {
    const [a, b, c] = await cities(3);
    await sql`update city set status = 'active' where id = any(${[a.id, b.id, c.id]}::int[])`.execute(api.db);
    const read = await Promise.all([a, b, c].map(async (r) => (await api.call('superadmin', 'GET', `/api/city/${r.id}`)).body.data));
    // c is changed by someone else after it was read.
    await sql`update city set name = 'Changed meanwhile', version = version + 1 where id = ${c.id}`.execute(api.db);
    const r = await bulk('superadmin', city, { ids: read.map((x) => x.id), op: 'set', field: 'status', value: 'inactive', versions: Object.fromEntries(read.map((x) => [x.id, x.version])) });
    expect(r.status, r.text).toBe(200);
    expect(statusOf(r.body.data.results)).toEqual({ [a.id as number]: 'done', [b.id as number]: 'done', [c.id as number]: 'conflict' });
    expect((await api.row(city, Number(a.id)))!.status).toBe('inactive');
    expect((await api.row(city, Number(c.id)))!.status).toBe('active');
    const bulkId = r.body.data.id;
    const logged = await sql<{ record_id: number }>`select record_id from audit_log where entity = 'city' and changes->>'bulk' = ${String(bulkId)}`.execute(api.db);
    expect(logged.rows.map((x) => Number(x.record_id)).sort()).toEqual([a.id, b.id].map(Number).sort());

    // b changed after the action: the undo leaves it and says so; a goes back.
    const bNow = (await api.call('superadmin', 'GET', `/api/city/${b.id}`)).body.data;
    expect((await api.call('superadmin', 'PUT', `/api/city/${b.id}`, { ...bNow, name: 'Renamed since' })).status).toBe(200);
    expect((await api.call('admin', 'POST', `/api/bulk/${bulkId}/undo`)).status).toBe(404);
    const undo = await api.call('superadmin', 'POST', `/api/bulk/${bulkId}/undo`);
    expect(undo.status, undo.text).toBe(200);
    expect(statusOf(undo.body.data.results)).toEqual({ [a.id as number]: 'done', [b.id as number]: 'conflict' });
    expect((await api.row(city, Number(a.id)))!.status).toBe('active');
    expect((await api.row(city, Number(b.id)))!.status).toBe('inactive');
    expect((await api.call('superadmin', 'POST', `/api/bulk/${bulkId}/undo`)).status).toBe(409);
  });

  test('a field the server owns, unknown, or immutable is refused whole; a bad value per record', async () => {
    const wf = ENTITIES.find((e) => e.workflow && Object.keys(ownedFields(e)).length)!;
    const owned = await bulk('superadmin', wf, { ids: [1], op: 'set', field: wf.workflow!.field, value: 'x' });
    expect(owned.status).toBe(400);
    expect(owned.body.errors[0]).toMatchObject({ field: 'field', code: 'owned' });
    expect((await bulk('superadmin', city, { ids: [1], op: 'set', field: 'nope', value: 'x' })).body.errors[0].code).toBe('unknown_field');
    const [a] = await cities(1);
    const bad = await bulk('superadmin', city, { ids: [a.id], op: 'set', field: 'status', value: 'sideways' });
    expect(bad.status).toBe(200);
    expect(bad.body.data.results[0]).toMatchObject({ id: a.id, status: 'refused' });
  });

  test('zod: unknown keys, neither ids nor filter, both, a delete with a value → 400, never 500', async () => {
    for (const body of [
      { ids: [1], op: 'set', field: 'status', value: 'inactive', extra: 1 },
      { op: 'delete' },
      { ids: [1], filter: 'q=a', op: 'delete' },
      { ids: [1], op: 'delete', field: 'status' },
      { ids: [0], op: 'delete' },
      { ids: [1], op: 'drop' },
      { filter: 'limit=5', op: 'delete' },
      { filter: 'filter[nope]=1', op: 'delete' },
      { ids: [1], op: 'delete', continues: 999999 },
    ]) {
      const r = await bulk('superadmin', city, body);
      expect([400, 404], JSON.stringify(body) + r.text).toContain(r.status);
    }
  });
});

describe('policy and scope per record', () => {
  test('a role that may not edit or delete the entity → 403, as for one record', async () => {
    expect((await bulk('railway', city, { ids: [1], op: 'set', field: 'status', value: 'inactive' })).status).toBe(403);
    expect((await bulk('fmc', city, { ids: [1], op: 'delete' })).status).toBe(403);
  });

  test("a centre's staff: their centre's record is set, another centre's is refused as not found", async () => {
    const centreB = await createRecord(api.db, getEntity('fmc'), (await api.payload(getEntity('fmc')))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const mine = (await api.insert(slots))!;
    const theirs = await createRecord(api.db, slots, { ...(await api.payload(slots)), fmc: centreB.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const next = mine.status === 'open' ? 'closed' : 'open';
    const r = await bulk('fmc', slots, { ids: [mine.id, theirs.id], op: 'set', field: 'status', value: next });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.results).toEqual([
      expect.objectContaining({ id: mine.id, status: 'done' }),
      expect.objectContaining({ id: theirs.id, status: 'refused', code: 'not_found' }),
    ]);
    expect((await api.row(slots, Number(theirs.id)))!.status).toBe(theirs.status);
  });
});

describe('delete many', () => {
  test('records still referred to are skipped as in_use, whole; the others go to the trash; undo restores them', async () => {
    const free1 = (await api.insert(state))!;
    const free2 = (await api.insert(state))!;
    const used = (await api.insert(state))!;
    const c = (await api.insert(city))!;
    await sql`update city set state = ${used.id} where id = ${c.id}`.execute(api.db);
    const before = await api.count(state);
    const r = await bulk('superadmin', state, { ids: [free1.id, used.id, free2.id], op: 'delete' });
    expect(r.status, r.text).toBe(200);
    expect(statusOf(r.body.data.results)).toEqual({ [free1.id as number]: 'done', [used.id as number]: 'in_use', [free2.id as number]: 'done' });
    expect(r.body.data.results.find((x: { id: number }) => x.id === used.id).message).toMatch(/still used by/);
    expect(await api.count(state)).toBe(before - 2);
    expect(await api.row(state, Number(used.id))).toBeDefined();
    const undo = await api.call('superadmin', 'POST', `/api/bulk/${r.body.data.id}/undo`);
    expect(statusOf(undo.body.data.results)).toEqual({ [free1.id as number]: 'done', [free2.id as number]: 'done' });
    expect(await api.count(state)).toBe(before);
  });

  test('a record restored since is said as changed since by the undo', async () => {
    const s = (await api.insert(state))!;
    const r = await bulk('superadmin', state, { ids: [s.id], op: 'delete' });
    expect((await api.call('superadmin', 'POST', `/api/state/${s.id}/restore`)).status).toBe(200);
    const undo = await api.call('superadmin', 'POST', `/api/bulk/${r.body.data.id}/undo`);
    expect(undo.body.data.results).toEqual([expect.objectContaining({ id: s.id, status: 'conflict' })]);
  });
});

describe('a filter, beyond a page', () => {
  let home: Record<string, unknown>;
  beforeAll(async () => {
    home = (await api.insert(state))!;
    const c = (await api.insert(city))!;
    // More cities of one state than a page holds, as the seed would write them.
    await sql`insert into city (name, state, status) select 'Bulkton ' || n, ${home.id}, 'active' from generate_series(1, ${DEFAULT_LIMIT + 30}) n`.execute(api.db);
    await sql`update city set state = ${home.id} where id = ${c.id}`.execute(api.db);
  });

  test('every record the list filter matches is set, and only those', async () => {
    const matching = Number((await sql<{ n: number }>`select count(*)::int as n from city where state = ${home.id}`.execute(api.db)).rows[0].n);
    expect(matching).toBeGreaterThan(DEFAULT_LIMIT);
    const others = Number((await sql<{ n: number }>`select count(*)::int as n from city where status = 'inactive'`.execute(api.db)).rows[0].n);
    const r = await bulk('superadmin', city, { filter: `filter[state]=${home.id}&sort=name:desc`, op: 'set', field: 'status', value: 'inactive', continues: undefined });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.results).toHaveLength(matching);
    expect(r.body.data.results.every((x: { status: string }) => x.status === 'done')).toBe(true);
    const now = Number((await sql<{ n: number }>`select count(*)::int as n from city where status = 'inactive'`.execute(api.db)).rows[0].n);
    expect(now).toBe(others + matching);
  });

  test('a large set sent in parts is one action: `continues` adds to it, and one undo takes it all back', async () => {
    const ids = (await sql<{ id: number }>`select id from city where state = ${home.id} order by id limit 6`.execute(api.db)).rows.map((x) => Number(x.id));
    const first = await bulk('superadmin', city, { ids: ids.slice(0, 3), op: 'set', field: 'status', value: 'active' });
    const second = await bulk('superadmin', city, { ids: ids.slice(3), op: 'set', field: 'status', value: 'active', continues: first.body.data.id });
    expect(second.body.data.id).toBe(first.body.data.id);
    // Another operation, another's action: not continued.
    expect((await bulk('superadmin', city, { ids: ids.slice(3), op: 'set', field: 'status', value: 'inactive', continues: first.body.data.id })).status).toBe(404);
    expect((await bulk('admin', city, { ids: ids.slice(3), op: 'set', field: 'status', value: 'active', continues: first.body.data.id })).status).toBe(404);
    const undo = await api.call('superadmin', 'POST', `/api/bulk/${first.body.data.id}/undo`);
    expect(undo.body.data.results).toHaveLength(6);
    const statuses = (await sql<{ status: string }>`select status from city where id = any(${ids}::int[])`.execute(api.db)).rows.map((x) => x.status);
    expect(new Set(statuses)).toEqual(new Set(['inactive']));
  });
});

import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { ENTITIES, getEntity } from '../../src/registry';
import { ensureSortKeys, sortKeyOf } from '../../src/server/search/sort-key';
import { setupApi } from './harness';
import { staleSortKeys } from './sort-key-check';

/**
 * The sort keys on search rows (search/sort-key.ts) follow their records however the default sort's column changes:
 * through the API (the search row written with the record), by SQL outside it (the trigger), and when the registry's
 * default sort differs from what the keys were made from (refilled at start).
 */
const api = setupApi({ roles: ['superadmin'] });
const def = getEntity('speciality');

const payloads = new Map<number, Record<string, unknown>>();
async function makeSpeciality(name: string): Promise<number> {
  const payload = { ...(await api.anyPayload(def)), name };
  const r = await api.call('superadmin', 'POST', `/api/${def.api}`, payload);
  expect(r.status, r.text).toBe(201);
  payloads.set(Number(r.body.data.id), payload);
  return Number(r.body.data.id);
}
const keyOf = async (id: number) => (await sql<{ sort_text: string | null; sort_num: string | null }>`select sort_text, sort_num from search_index
  where entity = ${def.name} and record_id = ${id}`.execute(api.db)).rows[0];

describe('a record and its search row', () => {
  test('created and renamed through the API: the key is the name as stored', async () => {
    const id = await makeSpeciality('Keyed Alpha');
    expect(await keyOf(id)).toEqual({ sort_text: 'Keyed Alpha', sort_num: null });
    const r = await api.call('superadmin', 'PUT', `/api/${def.api}/${id}`, { ...payloads.get(id), name: 'Keyed Beta', version: 1 });
    expect(r.status, r.text).toBe(200);
    expect(await keyOf(id)).toEqual({ sort_text: 'Keyed Beta', sort_num: null });
  });

  test('the column changed by SQL outside the API (a hook, a restore): the trigger moves the key', async () => {
    const id = await makeSpeciality('Keyed Gamma');
    await sql`update speciality set name = 'Keyed Delta' where id = ${id}`.execute(api.db);
    expect(await keyOf(id)).toEqual({ sort_text: 'Keyed Delta', sort_num: null });
    // another column: the trigger does not fire, the key stays
    await sql`update speciality set description = 'changed' where id = ${id}`.execute(api.db);
    expect(await keyOf(id)).toEqual({ sort_text: 'Keyed Delta', sort_num: null });
  });

  test('a numeric key (a date as epoch seconds) sorts as its column does', async () => {
    const cards = getEntity('membershipcard');
    expect(sortKeyOf(cards)).toMatchObject({ target: 'sort_num', column: 'valid_to' });
    const key = sortKeyOf(cards)!;
    const r = await sql<{ a: string; b: string }>`select ${sql.raw(key.expr('x'))} as a, ${sql.raw(key.expr('y'))} as b
      from (select '2026-01-02'::date as valid_to) x, (select '2026-01-03'::date as valid_to) y`.execute(api.db);
    expect(Number(r.rows[0].a)).toBeLessThan(Number(r.rows[0].b));
  });
});

describe('at start', () => {
  test('an entity whose keys were made from another source is refilled and its trigger reinstalled', async () => {
    const id = await makeSpeciality('Keyed Epsilon');
    await sql`update search_sort_key set source = 'speciality.description as sort_text' where entity = ${def.name}`.execute(api.db);
    await sql`update search_index set sort_text = null where entity = ${def.name}`.execute(api.db);
    await sql`drop trigger search_sort_key on speciality`.execute(api.db);
    expect(await staleSortKeys(api.db, def)).toBeGreaterThan(0);
    await ensureSortKeys(api.db);
    expect(await staleSortKeys(api.db, def)).toBe(0);
    await sql`update speciality set name = 'Keyed Zeta' where id = ${id}`.execute(api.db);
    expect(await keyOf(id)).toEqual({ sort_text: 'Keyed Zeta', sort_num: null });
  });

  test('a database in step is left alone, and every entity is recorded with its source', async () => {
    const before = (await sql<{ n: number }>`select count(*)::int as n from search_sort_key`.execute(api.db)).rows[0].n;
    expect(before).toBe(ENTITIES.length);
    await sql`update search_index set sort_text = 'untouched' where entity = ${def.name} and record_id = (select min(id) from speciality)`.execute(api.db);
    await ensureSortKeys(api.db);
    const kept = await sql<{ n: number }>`select count(*)::int as n from search_index where entity = ${def.name} and sort_text = 'untouched'`.execute(api.db);
    expect(kept.rows[0].n).toBe(1);
    await sql`update search_index set sort_text = (select name from speciality where id = record_id) where entity = ${def.name} and sort_text = 'untouched'`.execute(api.db);
  });

  test('every entity with data has its keys in step', async () => {
    for (const e of ENTITIES) expect(await staleSortKeys(api.db, e), e.name).toBe(0);
  });
});

import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { can, ENTITIES, getEntity } from '../../src/registry';
import { openDatabase } from '../../src/server/db/connection';
import { ident } from '../../src/server/db/entity-table';
import { migrate } from '../../src/server/migrations/migrate';
import { MATCH_COUNT_CAP, upsertSearchRow } from '../../src/server/search';
import { sortKeyOf } from '../../src/server/search/sort-key';
import type { DB } from '../../src/server/db/connection';
import { expectedDefaultPage, storeSpecialities } from './speciality-rows';
import { setupApi } from './harness';
import { listed } from './list-plan';

/**
 * `search_starts` (migration 0013) holds each search row's words' first two letters with its list-order key, and the
 * list search box reads a two-letter term's first page and count from it alone (src/server/search/README.md, the way starts). It
 * must hold exactly what the search rows call for (`search_starts_due`) however they are written, and the pages read
 * from it must be the list's own.
 */
const api = setupApi({ roles: ['superadmin'] });
const def = getEntity('speciality');

/** Entries in the table and not called for, and called for and not in it: both 0 when in step. */
async function outOfStep(db: DB): Promise<{ extra: number; missing: number }> {
  const n = async (q: ReturnType<typeof sql>) => Number((await sql<{ n: number }>`select count(*)::int as n from (${q}) x`.execute(db)).rows[0].n);
  return {
    extra: await n(sql`select * from search_starts except all select * from search_starts_due`),
    missing: await n(sql`select * from search_starts_due except all select * from search_starts`),
  };
}

/** A record's entries: its starts and the key they carry. */
const entriesOf = async (id: number) => (await sql<{ start: string; text_key: string }>`select start, text_key from search_starts
  where entity = ${def.name} and record_id = ${id} order by start`.execute(api.db)).rows;

const payloads = new Map<number, Record<string, unknown>>();
async function makeSpeciality(name: string, description: string): Promise<number> {
  const payload = { ...(await api.anyPayload(def)), name, description };
  const r = await api.call('superadmin', 'POST', `/api/${def.api}`, payload);
  expect(r.status, r.text).toBe(201);
  payloads.set(Number(r.body.data.id), payload);
  return Number(r.body.data.id);
}

describe('the entries follow the search rows', () => {
  test('the demo data: every search row\'s entries, and nothing else', async () => {
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from search_starts`.execute(api.db)).rows[0].n)).toBeGreaterThan(200);
    expect(await outOfStep(api.db)).toEqual({ extra: 0, missing: 0 });
  });

  test('through the API: created, renamed (its key and words), deleted and restored', async () => {
    const id = await makeSpeciality('Xq Orbit', 'yz  fo');
    expect(await entriesOf(id)).toEqual(['fo', 'or', 'xq', 'yz'].map((start) => ({ start, text_key: 'Xq Orbit' })));
    const renamed = await api.call('superadmin', 'PUT', `/api/${def.api}/${id}`, { ...payloads.get(id), name: 'Wv Orbit', version: 1 });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await entriesOf(id)).toEqual(['fo', 'or', 'wv', 'yz'].map((start) => ({ start, text_key: 'Wv Orbit' })));
    const gone = await api.call('superadmin', 'DELETE', `/api/${def.api}/${id}`);
    expect(gone.status, gone.text).toBeLessThan(300);
    expect(await entriesOf(id)).toEqual([]);
    const back = await api.call('superadmin', 'POST', `/api/${def.api}/${id}/restore`);
    expect(back.status, back.text).toBe(200);
    expect((await entriesOf(id)).map((e) => e.start)).toEqual(['fo', 'or', 'wv', 'yz']);
    expect(await outOfStep(api.db)).toEqual({ extra: 0, missing: 0 });
  });

  test('by SQL outside the API: the sort key\'s trigger moves the entries; a title alone changes none', async () => {
    const id = await makeSpeciality('Xq Comet', 'plain');
    await sql`update speciality set name = 'Zk Comet' where id = ${id}`.execute(api.db);
    expect(await entriesOf(id)).toEqual(['co', 'pl', 'xq'].map((start) => ({ start, text_key: 'Zk Comet' })));
    const before = await sql<{ ctid: string }>`select ctid::text from search_starts where entity = ${def.name} and record_id = ${id} order by 1`.execute(api.db);
    await sql`update search_index set title = 'another title' where entity = ${def.name} and record_id = ${id}`.execute(api.db);
    const after = await sql<{ ctid: string }>`select ctid::text from search_starts where entity = ${def.name} and record_id = ${id} order by 1`.execute(api.db);
    expect(after.rows).toEqual(before.rows);
    expect(await outOfStep(api.db)).toEqual({ extra: 0, missing: 0 });
  });

  test('an upsert that finds its row (insert … on conflict do update) replaces the row\'s entries', async () => {
    const id = await makeSpeciality('Xq Nova', 'first');
    const rec = (await sql<Record<string, unknown>>`select id, name, description from speciality where id = ${id}`.execute(api.db)).rows[0];
    await upsertSearchRow(api.db, def, { ...rec, description: 'second' });
    expect((await entriesOf(id)).map((e) => e.start)).toEqual(['no', 'se', 'xq']);
    expect(await outOfStep(api.db)).toEqual({ extra: 0, missing: 0 });
  });

  test('in bulk, as the seed writes: one insert of many search rows, then one update of their keys', async () => {
    await storeSpecialities(api.db, Array.from({ length: 300 }, (_, i) => `Bulk ${i % 7 ? 'qa' : 'qb'} ${String(i).padStart(3, '0')}`));
    expect(await outOfStep(api.db)).toEqual({ extra: 0, missing: 0 });
    const qb = await sql<{ n: number }>`select count(*)::int as n from search_starts where entity = ${def.name} and start = 'qb'`.execute(api.db);
    expect(qb.rows[0].n).toBe(43);
  });

  test('two staff renaming one record at once: one wins, and its entries are the stored name\'s', async () => {
    const id = await makeSpeciality('Xq Race', 'both');
    const put = (name: string) => api.call('superadmin', 'PUT', `/api/${def.api}/${id}`, { ...payloads.get(id), name, version: 1 });
    const answers = await Promise.all([put('Ra One'), put('Rb Two')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const stored = (await sql<{ name: string }>`select name from speciality where id = ${id}`.execute(api.db)).rows[0].name;
    const starts = stored === 'Ra One' ? ['bo', 'on', 'ra'] : ['bo', 'rb', 'tw'];
    expect(await entriesOf(id)).toEqual(starts.map((start) => ({ start, text_key: stored })));
    expect(await outOfStep(api.db)).toEqual({ extra: 0, missing: 0 });
  });

  test('search rows emptied at once (truncate) take their entries with them', async () => {
    const database = await openDatabase({});
    try {
      await migrate(database.db);
      await sql`insert into search_index (entity, record_id, title, subtitle, doc) values ('speciality', 1, 'a', '', 'ab cd')`.execute(database.db);
      expect(Number((await sql<{ n: number }>`select count(*)::int as n from search_starts`.execute(database.db)).rows[0].n)).toBe(2);
      await sql`truncate search_index`.execute(database.db);
      expect(Number((await sql<{ n: number }>`select count(*)::int as n from search_starts`.execute(database.db)).rows[0].n)).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('pages read from the entries are the list\'s own', () => {
  test('every entity with a key: its commonest and rarest starts and one it lacks, both ways', async () => {
    const keyed = ENTITIES.filter((x) => sortKeyOf(x) && can('superadmin', x.name, 'list'));
    for (const e of keyed) for (let i = 0; i < 4; i++) await api.insert(e);
    // A key that is null for some records: they come last ascending, first descending. (A page's rows are read by their
    // ids and sorted again, so a page of two out of more tells the entries' order from the ids it holds.)
    const calibration = getEntity('callibrationInventory');
    await sql`update ${sql.raw(ident(calibration.table))} set ${sql.raw(ident(sortKeyOf(calibration)!.column))} = null where id % 3 = 0`.execute(api.db);
    let checked = 0;
    for (const e of keyed) {
      const starts = await sql<{ start: string }>`select start from search_starts where entity = ${e.name} group by start
        order by count(*) desc, start limit 1`.execute(api.db);
      const rare = await sql<{ start: string }>`select start from search_starts where entity = ${e.name} group by start
        order by count(*), start limit 1`.execute(api.db);
      if (!starts.rows.length) continue;
      for (const q of [starts.rows[0].start, rare.rows[0].start, 'ǭǭ']) {
        for (const dir of ['asc', 'desc'] as const) {
          const r = await listed(api, e, `q=${encodeURIComponent(q)}&limit=2&sort=${e.defaultSort.field}:${dir}`);
          expect(r.plan.way, `${e.name} ${q} ${dir}: read from the entries`).toBe('starts');
          const want = await expectedDefaultPage(api.db, e, q, dir, 2);
          expect(r.body.data.map((x) => x.id), `${e.name} ${q} ${dir}`).toEqual(want.ids);
          expect(r.body.total, `${e.name} ${q} ${dir}`).toBe(Math.min(want.total, MATCH_COUNT_CAP));
        }
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(keyed.length * 0.9);
  });
});

import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { IMPORT_BATCH } from '../../src/server/import/run';
import { dueValueCounts } from '../../src/server/search/value-counts';
import { setupApi, type Reply } from './harness';

/**
 * An import's batch written set-based (issue 38 §1): its new rows inserted together, yet each row ends as it would
 * alone — the columns it leaves empty take their defaults, a key repeated within the batch updates or skips the row
 * before it, a key already stored skips, a reference the database refuses fails its own row only — and what the write
 * path keeps beside a record is kept for each: its search row, the counts, one audit entry marked with the import.
 */
const api = setupApi();
const state = getEntity('state');
const city = getEntity('city');
const post = (url: string, body: string) => api.call('superadmin', 'POST', url, body, { 'content-type': 'text/csv' });

async function finished(id: number): Promise<Reply> {
  for (;;) {
    const r = await api.call('superadmin', 'GET', `/api/imports/${id}`);
    if (!['running', 'stopping'].includes(r.body.data.state)) return r;
    await new Promise((res) => setImmediate(res));
  }
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Codes no reference state has (W and two letters). */
const code = (i: number) => `W${LETTERS[Math.floor(i / 26) % 26]}${LETTERS[i % 26]}`;

const valueCounts = async (entity: string) =>
  (await sql<{ field: string; value: string; n: number }>`select field, value, n::int as n from value_count where entity = ${entity} order by 1, 2`.execute(api.db)).rows;
const dueCounts = async (def: typeof state) =>
  (await sql<{ field: string; value: string; n: number }>`select field, value, n::int as n from (${dueValueCounts(def)}) d order by 1, 2`.execute(api.db)).rows;

describe('a batch written set-based', () => {
  test('each row as alone: defaults, keys within the batch and stored, search rows, counts, audit', async () => {
    const rows = Array.from({ length: IMPORT_BATCH + 20 }, (_, i) => `Batchland ${i},${code(i)},${i % 3 ? '' : 'Nepal'}`);
    rows[5] = `Batchland 5 again,${code(4)},`; // repeats row 4's key, another name: an update of it
    rows[7] = `Batchland 6,${code(6)},`; // repeats row 6 as it is: a skip
    rows[9] = 'Badcode,w1,'; // refused by the schema
    const stored = (await post('/api/state/import', ['Name,Code,Country', rows[30]].join('\n'))).body.data.id;
    expect((await finished(stored)).body.data).toMatchObject({ state: 'done', added: 1 });

    const before = await api.count(state);
    const run = await finished((await post('/api/state/import', ['Name,Code,Country', ...rows].join('\n'))).body.data.id);
    const added = rows.length - 4; // rows 5 and 7 find row 4's and 6's record, 9 is refused, 30 was stored before
    expect(run.body.data).toMatchObject({ state: 'done', added, updated: 1, skipped: 2, failed: 1 });
    expect(run.body.data.errors).toEqual([expect.objectContaining({ row: 11, field: 'code' })]);
    expect(await api.count(state)).toBe(before + added);

    const made = (await sql<{ id: number; name: string; code: string; country: string; version: number }>`select id, name, code, country, version from state
      where code like 'W%' order by code`.execute(api.db)).rows;
    const byCode = new Map(made.map((r) => [r.code, r]));
    expect(byCode.get(code(0))).toMatchObject({ name: 'Batchland 0', country: 'Nepal', version: 1 });
    expect(byCode.get(code(1))).toMatchObject({ country: 'India' }); // an empty cell: the column's default, as alone
    expect(byCode.get(code(4))).toMatchObject({ name: 'Batchland 5 again', version: 2 });
    expect(byCode.get(code(6))).toMatchObject({ name: 'Batchland 6', version: 1 });

    const ids = made.map((r) => r.id);
    const searched = (await sql<{ record_id: number; title: string }>`select record_id, title from search_index where entity = 'state' and record_id = any(${ids}::int[])`.execute(api.db)).rows;
    expect(searched).toHaveLength(ids.length);
    expect(searched.find((s) => s.record_id === byCode.get(code(4))!.id)?.title).toBe('Batchland 5 again');
    const last = rows.length - 1; // in the second batch
    const found = await api.call('superadmin', 'GET', `/api/state?q=Batchland%20${last}`);
    expect(found.body.data.map((r: { code: string }) => r.code)).toContain(code(last));
    expect(await valueCounts('state')).toEqual(await dueCounts(state));

    const audited = (await sql<{ n: number }>`select count(*)::int as n from audit_log where entity = 'state' and action = 'create'
      and (changes ->> 'import')::int = ${run.body.data.id}`.execute(api.db)).rows[0].n;
    expect(audited).toBe(added);
  });

  test('a reference the database refuses fails its own row; the rest of the batch is written', async () => {
    const [{ id: stateId }] = (await sql<{ id: number }>`select id from state order by id limit 1`.execute(api.db)).rows;
    const before = await api.count(city);
    const file = ['Name,State,Status', `Batchtown one,${stateId},active`, 'Batchtown two,2000000000,active', `Batchtown three,${stateId},inactive`].join('\n');
    const run = await finished((await post('/api/city/import', file)).body.data.id);
    expect(run.body.data).toMatchObject({ state: 'done', added: 2, failed: 1 });
    expect(run.body.data.errors).toEqual([expect.objectContaining({ row: 3, field: 'state' })]);
    expect(await api.count(city)).toBe(before + 2);
    expect(await valueCounts('city')).toEqual(await dueCounts(city));
  });
});

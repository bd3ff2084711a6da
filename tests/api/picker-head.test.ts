import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { ident } from '../../src/server/db/entity-table';
import { docContains } from '../../src/server/search';
import { orderBy } from '../../src/server/search/list-order';
import { setupApi } from './harness';

/**
 * A picker's page (GET /api/{resource}/options?q=) is the first records in the list's default order whose search text
 * holds the term, however it is found: from the head of the list for a term most records share (a number's start,
 * `apt-`), through the trigram index for a rarer one, by words' starts for a short one. Each answer here is checked
 * against that definition, read directly.
 */
const api = setupApi();
const def = getEntity('appointments');

/** The picker's answer by definition: the first `limit` matches in the default order. */
async function expected(q: string, limit: number): Promise<number[]> {
  const t = sql.raw(ident(def.table));
  const res = await sql<{ id: number }>`select t.id from ${t} t
    where t.id in (select s.record_id from search_index s where s.entity = ${def.name} and ${docContains(q, sql`s.doc`)})
    order by ${orderBy(def, def.defaultSort)} limit ${limit}`.execute(api.db);
  return res.rows.map((r) => Number(r.id));
}

const numbers: string[] = [];

beforeAll(async () => {
  // Scheduled out of the order they are made in, so that the list's order (scheduledAt) is not the ids'.
  for (let i = 0; i < 40; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 40) * 86_400_000 + i * 60_000).toISOString();
    const rec = await createRecord(api.db, def, { ...(await api.payload(def))!, slot: null, fmc: api.homeCentre, scheduledAt: day }, SYSTEM_ACTOR, api.config.scryptLogN);
    numbers.push(String(rec.number).toLowerCase());
  }
});

describe('GET /api/appointments/options?q=', () => {
  const cases = () => [
    ['a number\'s start every record shares', 'apt-', 5],
    ['the same, a page larger than the matches', 'apt-', 100],
    ['a number\'s start and its year', numbers[0].slice(0, 9), 7],
    ['a whole number', numbers[17], 5],
    ['the end of a number (not its start)', numbers[23].slice(-5), 5],
    ['two letters', 'ap', 6],
    ['no match', 'zzzq-0', 5],
  ] as const;

  test.each([0, 1, 2, 3, 4, 5, 6])('case %i: the first matches in list order', async (i) => {
    const [what, q, limit] = cases()[i];
    const r = await api.call('superadmin', 'GET', `/api/${def.api}/options?${new URLSearchParams({ q, limit: String(limit) })}`);
    expect(r.status, r.text).toBe(200);
    const want = await expected(q, limit);
    expect(r.body.data.map((o: { id: number }) => o.id), what).toEqual(want);
    if (q === 'apt-') expect(want.length).toBe(Math.min(limit, numbers.length));
  });
});

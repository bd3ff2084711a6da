import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { keyedPaths, pinEstimatedRows } from '../../src/server/crud/keyed-search';
import { expectedSpecialityPage, storeSpecialities } from './speciality-rows';
import { setupApi } from './harness';

/**
 * The list search box's first page in the default sort chooses its way from a sample of the entity (its first 1,000
 * search rows by id, crud/keyed-search.ts): walking on in list order or gathering every match, and counting up to the
 * cap by id or through the trigram index. Whatever the way, the page and the count are the records' own. Here the
 * rows go in mixed (their ids even across the groups, as records created over time are), so that the sample by id
 * is an even one while the groups lie apart in name order; the entity's size is pinned to choose as a large one would.
 */
const api = setupApi();
const def = getEntity('speciality');

const groups = {
  // First in name order: one in forty holds "thn", 25 of them in the first 1,000 rows, too few for a page of 50.
  head: Array.from({ length: 1_200 }, (_, i) => `Aa head ${String(i).padStart(4, '0')}${i % 40 === 20 ? ' thn' : ''}`),
  // Further on, every one holds "thn": a term thin at the head of the list and common in the entity.
  later: Array.from({ length: 1_500 }, (_, i) => `Mm thn ${String(i).padStart(4, '0')}`),
  // Last in name order (first in the descending list): "z" (of "zz", "zr") and "q" start a word in each.
  last: Array.from({ length: 1_100 }, (_, i) => `Zz zr ${String(i).padStart(4, '0')} q`),
  filler: Array.from({ length: 2_000 }, (_, i) => `Yy plain ${String(i).padStart(4, '0')}`),
  // "z" starts a word here only after an at sign: rows the trigram index brings for "z" that do not match it.
  lookalikes: Array.from({ length: 7_000 }, (_, i) => `Pp x@zrmail ${String(i).padStart(4, '0')}`),
};

/** The groups' names mixed evenly, each group's in its own order. */
function mixed(lists: string[][]): string[] {
  return lists.flatMap((list) => list.map((name, i) => ({ name, at: (i + 0.5) / list.length }))).sort((a, b) => a.at - b.at).map((x) => x.name);
}

const list = (query: string) => api.call('admin', 'GET', `/api/${def.api}?${query}`);
const namesOf = (body: { data: { name: string }[] }) => body.data.map((r) => r.name);

const expectedPage = (q: string, dir: 'asc' | 'desc', limit: number) => expectedSpecialityPage(api.db, q, dir, limit);

beforeAll(async () => {
  await storeSpecialities(api.db, mixed(Object.values(groups)));
  const others = await sql<{ n: number }>`select count(*)::int as n from speciality where description <> 'bulk'
    and lower(name || ' ' || coalesce(description, '')) ~ '(^| )(thn|z|q)'`.execute(api.db);
  expect(others.rows[0].n).toBe(0);
  const firstById = await sql<{ n: number }>`select count(*)::int as n from (select name from speciality order by id limit 1000) x where name like 'Zz zr %'`.execute(api.db);
  // the sample by id holds its share of each group (1,100 of 12,800 rows plus the reference data's)
  expect(firstById.rows[0].n).toBeGreaterThan(60);
});

describe('walking on or gathering, chosen from the sample by id', () => {
  test('a term thin at the head of the list and common in the entity: the walk goes on to its page', async () => {
    pinEstimatedRows(def.name, 100_000);
    const before = { ...keyedPaths };
    const r = await list('q=thn&limit=50');
    expect(r.status, r.text).toBe(200);
    // The head's rate alone (25 in 1,000) promised 2,500 matches, cheaper to gather than to walk for; the sample
    // says ~12,000, and the walk finds the page ~1,240 rows in.
    expect(keyedPaths).toEqual({ ...before, longWalk: before.longWalk + 1 });
    expect(namesOf(r.body)).toEqual(await expectedPage('thn', 'asc', 50));
    expect(namesOf(r.body).slice(28, 32)).toEqual(['Aa head 1140 thn', 'Aa head 1180 thn', 'Mm thn 0000', 'Mm thn 0001']);
    expect(r.body).toMatchObject({ total: 1000, totalIsEstimate: true });
  });

  test('the same term in an entity of its real size: every match gathered, the same page and count', async () => {
    pinEstimatedRows(def.name, 12_000);
    const before = { ...keyedPaths };
    const r = await list('q=thn&limit=50');
    expect(keyedPaths).toEqual({ ...before, gathered: before.gathered + 1 });
    expect(namesOf(r.body)).toEqual(await expectedPage('thn', 'asc', 50));
    expect(r.body).toMatchObject({ total: 1000, totalIsEstimate: true });
  });
});

describe('counting up to the cap by id or through the index, chosen from the sample by id', () => {
  // One letter: a term of two reads its words' starts, page and count (migration 0013), and is not counted either way.
  test('a letter that starts many words after an at sign is counted by id; the same rows under another letter, through the index', async () => {
    pinEstimatedRows(def.name, 100_000);
    for (const [q, byId] of [['z', true], ['q', false]] as const) {
      const before = { ...keyedPaths };
      const r = await list(`q=${q}&limit=50&sort=name:desc`);
      expect(r.status, r.text).toBe(200);
      expect(keyedPaths, q).toEqual({ ...before, head: before.head + 1, countedById: before.countedById + (byId ? 1 : 0) });
      expect(namesOf(r.body), q).toEqual(await expectedPage(q, 'desc', 50));
      expect(namesOf(r.body)[0], q).toBe('Zz zr 1099 q');
      expect(r.body, q).toMatchObject({ total: 1000, totalIsEstimate: true });
    }
  });

  test('fewer matches than the cap, counted either way: the exact count', async () => {
    pinEstimatedRows(def.name, 100_000);
    // each matches 100 rows, at the head of the descending list and sparse by id: counted through the index
    for (const q of ['zr 10', 'zz zr 10']) {
      const before = { ...keyedPaths };
      const r = await list(`q=${encodeURIComponent(q)}&limit=20&sort=name:desc`);
      expect(keyedPaths, q).toEqual({ ...before, head: before.head + 1 });
      expect(namesOf(r.body), q).toEqual(await expectedPage(q, 'desc', 20));
      expect(r.body.total, q).toBe(100);
      expect(r.body.totalIsEstimate, q).toBeFalsy();
    }
  });
});

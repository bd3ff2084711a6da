import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { docContains } from '../../src/server/search';
import { pinEstimatedRows } from '../../src/server/search/cost';
import { expectedSpecialityPage, storeSpecialities } from './speciality-rows';
import { setupApi } from './harness';
import { listed } from './list-plan';

/**
 * The list search box's first page in the default sort chooses its way from a sample of the entity (its first 1,000
 * search rows by id, src/server/search/README.md): walk-on or gather, and counting up to the cap by id or through the
 * trigram index. Each test reads the way the answer names. Whatever the way, the page and the count are the records' own. Here the
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

const list = (query: string) => listed(api, def, query);
const namesOf = (body: { data: Record<string, unknown>[] }) => body.data.map((r) => r.name as string);

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
    const r = await list('q=thn&limit=50');
    // The head's rate alone (25 in 1,000) promised 2,500 matches, cheaper to gather than to walk for; the sample
    // says ~12,000, and the walk finds the page ~1,240 rows in.
    expect(r.plan).toMatchObject({ way: 'walk-on', declined: [], count: 'count-through-index', countDeclined: [] });
    expect(namesOf(r.body)).toEqual(await expectedPage('thn', 'asc', 50));
    expect(namesOf(r.body).slice(28, 32)).toEqual(['Aa head 1140 thn', 'Aa head 1180 thn', 'Mm thn 0000', 'Mm thn 0001']);
    expect(r.body).toMatchObject({ total: 1000, totalIsEstimate: true });
  });

  test('the same term in an entity of its real size: every match gathered, the same page and count', async () => {
    pinEstimatedRows(def.name, 12_000);
    const r = await list('q=thn&limit=50');
    expect(r.plan).toMatchObject({ way: 'gather', declined: [], count: 'with-page' });
    expect(namesOf(r.body)).toEqual(await expectedPage('thn', 'asc', 50));
    expect(r.body).toMatchObject({ total: 1000, totalIsEstimate: true });
  });
});

describe('in another sort, a common term sparse at the head of the list', () => {
  test('list-head\'s rate of matches would fill the page within the longer walk: the walk finds it', async () => {
    // "thn" is in about one row in eight by id (createdAt orders the rows of one insert by id): ~60 in the first 500
    const r = await list('q=thn&limit=150&sort=createdAt:asc');
    expect(r.plan).toMatchObject({ way: 'in-list-order', count: 'more-than-cap', inListOrder: ['list-walk'] });
    const expected = await sql<{ name: string }>`select t.name from speciality t join search_index s on s.entity = ${def.name} and s.record_id = t.id
      where ${docContains('thn', sql`s.doc`)} order by t.created_at, t.id limit 150`.execute(api.db);
    expect(namesOf(r.body)).toEqual(expected.rows.map((x) => x.name));
  });
});

describe('counting up to the cap by id or through the index, chosen from the sample by id', () => {
  // One letter: a term of two reads its words' starts, page and count (migration 0013), and is not counted either way.
  test('a letter that starts many words after an at sign is counted by id; the same rows under another letter, through the index', async () => {
    pinEstimatedRows(def.name, 100_000);
    for (const [q, byId] of [['z', true], ['q', false]] as const) {
      const r = await list(`q=${q}&limit=50&sort=name:desc`);
      expect(r.plan, q).toMatchObject({ way: 'key-head', count: byId ? 'count-by-id' : 'count-through-index', countDeclined: [] });
      expect(namesOf(r.body), q).toEqual(await expectedPage(q, 'desc', 50));
      expect(namesOf(r.body)[0], q).toBe('Zz zr 1099 q');
      expect(r.body, q).toMatchObject({ total: 1000, totalIsEstimate: true });
    }
  });

  test('fewer matches than the cap, counted either way: the exact count', async () => {
    pinEstimatedRows(def.name, 100_000);
    // each matches 100 rows, at the head of the descending list and sparse by id: counted through the index
    for (const q of ['zr 10', 'zz zr 10']) {
      const r = await list(`q=${encodeURIComponent(q)}&limit=20&sort=name:desc`);
      expect(r.plan, q).toMatchObject({ way: 'key-head', count: 'count-through-index', countDeclined: [] });
      expect(namesOf(r.body), q).toEqual(await expectedPage(q, 'desc', 20));
      expect(r.body.total, q).toBe(100);
      expect(r.body.totalIsEstimate, q).toBeFalsy();
    }
  });
});

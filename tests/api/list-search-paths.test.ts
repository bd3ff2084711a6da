import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { docContains, startPair } from '../../src/server/search';
import { pinEstimatedRows } from '../../src/server/search/cost';
import { expectedSpecialityPage, storeSpecialities } from './speciality-rows';
import { setupApi } from './harness';
import { listed } from './list-plan';

/**
 * The list search box with more matches than it counts (MATCH_COUNT_CAP, 1,000), where a page is not found through
 * the matches' ids but in list order: a short term common from the first rows (its page and its "more than 1,000"
 * read from the head of the list, the trigram index never asked), and a term whose matches all lie past the head (the
 * walk given up, the page gathered from every match). Each page is the one the rows call for. In the default sort's
 * field the first page comes from the search rows in list order; in another field (createdAt: the rows of one insert
 * share it, so their ids order them) from the list's own table. The tests that name a way read it from the answer
 * (src/server/search/README.md has the ways).
 */
const api = setupApi();
const def = getEntity('speciality');
const COMMON = 1_200;
const LATE = 1_100;
const names = {
  // One in forty holds "sprs": the first 1,000 rows in name order hold 25, too few for a page of 25, few enough that the
  // walk goes on (walk-on) rather than gathering every match.
  common: Array.from({ length: COMMON }, (_, i) => `Qz common ${String(i).padStart(4, '0')}${i % 40 === 0 ? ' sprs' : ''}`),
  // "Zz…" sorts after every other name, so that the head of the list in name order holds none of them.
  late: Array.from({ length: LATE }, (_, i) => `Zz wlate ${String(i).padStart(4, '0')}`),
};

/** Rows stored as the bench's seed stores them: many at once, each with its search row. */
const storeMany = (list: string[]) => storeSpecialities(api.db, list);

const list = (query: string) => api.call('admin', 'GET', `/api/${def.api}?${query}`);
const namesOf = (body: { data: Record<string, unknown>[] }) => body.data.map((r) => r.name as string);

beforeAll(async () => {
  await storeMany(names.common);
  await storeMany(names.late);
  // The terms below match these rows only.
  const others = await sql<{ n: number }>`select count(*)::int as n from speciality where name not like 'Qz common %' and name not like 'Zz wlate %'
    and (lower(name) ~ '(^| )(qz|zz|wl)|sprs' or lower(coalesce(description, '')) ~ '(^| )(qz|zz|wl)|sprs')`.execute(api.db);
  expect(others.rows[0].n).toBe(0);
});

describe('a search with more than 1,000 matches', () => {
  test('a short common term: the first page in list order, "more than 1,000", and the pages after it', async () => {
    const first = await list('q=qz&limit=50&sort=name:asc');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ total: 1000, totalIsEstimate: true });
    expect(namesOf(first.body)).toEqual(names.common.slice(0, 50));
    const second = await list(`q=qz&limit=50&sort=name:asc&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(namesOf(second.body)).toEqual(names.common.slice(50, 100));
    const desc = await list('q=qz&limit=30&sort=name:desc');
    expect(namesOf(desc.body)).toEqual(names.common.slice(-30).reverse());
  });

  test('terms whose matches lie past the head of the list: the page gathered from all of them', async () => {
    for (const q of ['wl', 'wlate']) {
      const r = await list(`q=${q}&limit=40&sort=name:asc`);
      expect(r.status, r.text).toBe(200);
      expect(r.body, q).toMatchObject({ total: 1000, totalIsEstimate: true });
      expect(namesOf(r.body), q).toEqual(names.late.slice(0, 40));
    }
  });

  test('the same with a filter: counted, not estimated from the head', async () => {
    const r = await list('q=qz&limit=10&sort=name:asc&filter[status]=active');
    expect(r.body).toMatchObject({ total: 1000, totalIsEstimate: true });
    expect(namesOf(r.body)).toEqual(names.common.slice(0, 10));
    const none = await list('q=qz&limit=10&filter[status]=inactive');
    expect(none.body).toMatchObject({ data: [], total: 0 });
  });

  test('a picker: the first options in the default order, for a common and a late term', async () => {
    for (const [q, expected] of [['qz', names.common], ['wl', names.late]] as const) {
      const r = await api.call('admin', 'GET', `/api/${def.api}/options?q=${q}&limit=20`);
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.map((o: { title: string }) => o.title), q).toEqual(expected.slice(0, 20));
    }
  });
});

describe('the ways in another sort, under a filter and after a cursor', () => {
  test('each is taken, and the route answers what it found', async () => {
    for (const [query, plan] of [
      // two letters, common at the head of the list and among the first rows by id: the trigram index not asked
      ['q=qz&limit=50&sort=createdAt:asc', { way: 'short-head', count: 'more-than-cap' }],
      ['q=common&limit=50&sort=createdAt:asc', { way: 'in-list-order', count: 'more-than-cap', inListOrder: ['list-head'] }],
      ['q=wlate&limit=40&sort=createdAt:asc', { way: 'in-list-order', count: 'more-than-cap', inListOrder: ['list-gather'] }],
      ['q=common%2000&limit=50&sort=createdAt:asc', { way: 'in-list-order', count: 'known-ids', inListOrder: ['by-ids'] }],
      ['q=qz&limit=10&filter[status]=active', { way: 'in-list-order', count: 'counted', inListOrder: ['list-head'] }],
      ['q=common%2000&limit=10&filter[status]=active', { way: 'page-and-count', count: 'with-page' }],
      ['limit=10&sort=name:asc', { way: 'page-and-count', count: 'kept' }],
    ] as const) {
      const r = await listed(api, def, query);
      expect(r.plan, query).toMatchObject(plan);
      expect((await list(query)).body, query).toEqual(r.body);
    }
    const first = await listed(api, def, 'q=qz&limit=50&sort=createdAt:asc');
    const next = await listed(api, def, `q=qz&limit=50&sort=createdAt:asc&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(next.plan).toMatchObject({ way: 'next-page', count: 'more-than-cap', inListOrder: ['list-head'] });
    expect(namesOf(first.body)).toEqual(names.common.slice(0, 50));
    expect(namesOf(next.body)).toEqual(names.common.slice(50, 100));
  });
});

describe('the first page in the default sort (search rows read in key order) and in another sort', () => {
  test('the same pages and counts either way, for common, late, rare and absent terms, both directions', async () => {
    // insert order (createdAt, then id) is name order within each group, and the common group went in first
    for (const [q, expected, total] of [
      ['qz', names.common, 1000], ['wl', names.late, 1000], ['common 00', names.common.slice(0, 100), 100],
      ['wlate 00', names.late.slice(0, 100), 100], ['wlate 0999', ['Zz wlate 0999'], 1], ['nowhere at all', [], 0],
    ] as const) {
      for (const sort of ['name', 'createdAt']) {
        const r = await list(`q=${encodeURIComponent(q)}&limit=50&sort=${sort}:asc`);
        expect(r.status, r.text).toBe(200);
        expect(namesOf(r.body), `${q} ${sort}`).toEqual(expected.slice(0, 50));
        expect(r.body.total, `${q} ${sort}`).toBe(total);
      }
      const desc = await list(`q=${encodeURIComponent(q)}&limit=20&sort=name:desc`);
      expect(namesOf(desc.body), `${q} desc`).toEqual([...expected].reverse().slice(0, 20));
    }
  });

  test('a term too sparse at the head for a page: the walk goes on, and the count comes from the index', async () => {
    const sparse = names.common.filter((n) => n.endsWith(' sprs'));
    expect(sparse.length).toBe(30);
    // as if the table were large: walking on then costs less than gathering the few matches the head's rate promises
    pinEstimatedRows(def.name, 1_000_000);
    for (const [sort, plan] of [
      ['name', { way: 'walk-on', declined: [], count: 'count-through-index' }],
      ['createdAt', { way: 'in-list-order', count: 'known-ids', inListOrder: ['by-ids'] }],
    ] as const) {
      const r = await listed(api, def, `q=sprs&limit=25&sort=${sort}:asc`);
      expect(r.plan, sort).toMatchObject(plan);
      expect(namesOf(r.body), sort).toEqual(sparse.slice(0, 25));
      expect(r.body.total, sort).toBe(30);
    }
    // at its real size, gathering its 30 matches costs less than walking on: the same page and count that way
    pinEstimatedRows(def.name, 2_400);
    const gathered = await listed(api, def, 'q=sprs&limit=25');
    expect(gathered.plan).toMatchObject({ way: 'gather', declined: [] });
    expect(namesOf(gathered.body)).toEqual(sparse.slice(0, 25));
    expect(gathered.body.total).toBe(30);
  });

  test('each way to the first page in the default sort is taken: starts, key-head, walk-on, gather, and ways that fall short', async () => {
    pinEstimatedRows(def.name, 1_000_000);
    // "common" is common from the first rows by id too: counted there, not through the trigram index
    for (const [query, plan] of [
      ['q=qz&limit=50', { way: 'starts', count: 'with-page' }],
      ['q=common&limit=50', { way: 'key-head', count: 'count-by-id', countDeclined: [] }],
      ['q=sprs&limit=25', { way: 'walk-on', declined: [], count: 'count-through-index' }],
      ['q=wlate&limit=50', { way: 'gather', declined: [], count: 'with-page' }],
    ] as const) expect((await listed(api, def, query)).plan, query).toMatchObject(plan);
    // A page of 50 where the head's rate promised one: walk-on reads every row, falls short, and every match is gathered.
    const short = await listed(api, def, 'q=sprs&limit=50');
    expect(short.plan).toMatchObject({ way: 'gather', declined: ['walk-on'] });
    expect(short.body.total).toBe(30);
    expect(namesOf(short.body)).toEqual(names.common.filter((n) => n.endsWith(' sprs')));
    // Exactly the cap's worth by id ("common 0": 1,000 records): the count by id falls short of "more than", the index counts.
    const capped = await listed(api, def, `q=${encodeURIComponent('common 0')}&limit=50`);
    expect(capped.plan).toMatchObject({ way: 'key-head', count: 'count-through-index', countDeclined: ['count-by-id'] });
    expect(capped.body.total).toBe(1000);
    expect(capped.body.totalIsEstimate).toBeUndefined();
    expect(namesOf(capped.body)).toEqual(names.common.slice(0, 50));
  });

  test('a small entity (fewer search rows than the first walk reads): page and exact count from that one walk (two letters: their starts)', async () => {
    const langs = getEntity('languages');
    const all = await sql<{ n: number }>`select count(*)::int as n from search_index where entity = ${langs.name}`.execute(api.db);
    expect(all.rows[0].n).toBeLessThan(1000);
    for (const q of ['a', 'e', 'ma', 'hi', 'nowhere']) {
      await api.call('admin', 'GET', `/api/${langs.api}?q=${q}&limit=3`);
      const r = await listed(api, langs, `q=${q}&limit=3`);
      expect(r.plan.way, q).toBe(startPair(q) ? 'starts' : 'walk-all');
      const expected = await sql<{ id: number }>`select t.id from ${sql.raw(langs.table)} t join search_index s on s.entity = ${langs.name} and s.record_id = t.id
        where ${docContains(q, sql`s.doc`)} order by t.name, t.id`.execute(api.db);
      expect(r.body.data.map((x) => x.id), q).toEqual(expected.rows.slice(0, 3).map((x) => x.id));
      expect(r.body.total, q).toBe(expected.rows.length);
    }
  });

  test('pages in the default sort agree with the search rows sorted by the records themselves, demo records included', async () => {
    for (const q of ['a', 'ca', 'ol', 'gy', 'qz', 'zz w', 'common 1']) {
      for (const dir of ['asc', 'desc'] as const) {
        const r = await list(`q=${encodeURIComponent(q)}&limit=25&sort=name:${dir}`);
        expect(namesOf(r.body), `${q} ${dir}`).toEqual(await expectedSpecialityPage(api.db, q, dir, 25));
      }
    }
  });
});

describe('a term holding a long number (the index asked for the number alone, search/text.ts rareRun)', () => {
  test('finds the record whose text holds the whole term, not others sharing the number', async () => {
    await storeMany(['Zeta ward 4455667', 'Omega ward 4455667', 'Zeta ward 4455668']);
    for (const url of ['/api/search?q=', `/api/${def.api}?q=`, `/api/${def.api}/options?q=`]) {
      const found = await api.call('admin', 'GET', `${url}${encodeURIComponent('zeta ward 4455667')}`);
      expect(found.status, found.text).toBe(200);
      expect(found.body.data.map((r: { name?: string; title?: string }) => r.name ?? r.title), url).toEqual(['Zeta ward 4455667']);
      const none = await api.call('admin', 'GET', `${url}${encodeURIComponent('beta ward 4455667')}`);
      expect(none.body.data, url).toEqual([]);
    }
  });
});

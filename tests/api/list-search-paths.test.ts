import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { docContains, startPair } from '../../src/server/search';
import { keyedPaths, pinEstimatedRows } from '../../src/server/crud/keyed-search';
import { expectedSpecialityPage, storeSpecialities } from './speciality-rows';
import { setupApi } from './harness';

/**
 * The list search box with more matches than it counts (SEARCH_COUNT_CAP, 1,000), where a page is not found through
 * the matches' ids but in list order (crud/list.ts): a short term common from the first rows (its page and its
 * "more than 1,000" read from the head of the list, the trigram index never asked), and a term whose matches all lie
 * past the head (the walk given up, the page gathered from every match). Each page is the one the rows call for.
 * In the default sort's field the first page comes from the search rows in list order (crud/keyed-search.ts); in
 * another field (createdAt: the rows of one insert share it, so their ids order them) from crud/list.ts's paths.
 */
const api = setupApi();
const def = getEntity('speciality');
const COMMON = 1_200;
const LATE = 1_100;
const names = {
  // One in forty holds "sprs": the first 1,000 rows in name order hold 25, too few for a page of 25, few enough that the
  // walk goes on (crud/keyed-search.ts LONG_WALK_ROWS) rather than gathering every match.
  common: Array.from({ length: COMMON }, (_, i) => `Qz common ${String(i).padStart(4, '0')}${i % 40 === 0 ? ' sprs' : ''}`),
  // "Zz…" sorts after every other name, so that the head of the list in name order holds none of them.
  late: Array.from({ length: LATE }, (_, i) => `Zz wlate ${String(i).padStart(4, '0')}`),
};

/** Rows stored as the bench's seed stores them: many at once, each with its search row. */
const storeMany = (list: string[]) => storeSpecialities(api.db, list);

const list = (query: string) => api.call('admin', 'GET', `/api/${def.api}?${query}`);
const namesOf = (body: { data: { name: string }[] }) => body.data.map((r) => r.name);

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
    const before = { ...keyedPaths };
    for (const sort of ['name', 'createdAt']) {
      const r = await list(`q=sprs&limit=25&sort=${sort}:asc`);
      expect(namesOf(r.body), sort).toEqual(sparse.slice(0, 25));
      expect(r.body.total, sort).toBe(30);
    }
    expect(keyedPaths).toEqual({ ...before, longWalk: before.longWalk + 1 });
    // at its real size, gathering its 30 matches costs less than walking on: the same page and count that way
    pinEstimatedRows(def.name, 2_400);
    const gathered = await list('q=sprs&limit=25');
    expect(namesOf(gathered.body)).toEqual(sparse.slice(0, 25));
    expect(gathered.body.total).toBe(30);
    expect(keyedPaths).toEqual({ ...before, longWalk: before.longWalk + 1, gathered: before.gathered + 1 });
  });

  test('each way to the first page in the default sort is taken: words\' starts, the head, the longer walk, every match gathered', async () => {
    pinEstimatedRows(def.name, 1_000_000);
    const before = { ...keyedPaths };
    await list('q=qz&limit=50');
    await list('q=common&limit=50');
    await list('q=sprs&limit=25');
    await list('q=wlate&limit=50');
    // "common" is common from the first rows by id too: counted there, not through the trigram index
    expect(keyedPaths).toEqual({ ...before, starts: before.starts + 1, head: before.head + 1, longWalk: before.longWalk + 1,
      gathered: before.gathered + 1, countedById: before.countedById + 1 });
  });

  test('a small entity (fewer search rows than the first walk reads): page and exact count from that one walk (two letters: their starts)', async () => {
    const langs = getEntity('languages');
    const all = await sql<{ n: number }>`select count(*)::int as n from search_index where entity = ${langs.name}`.execute(api.db);
    expect(all.rows[0].n).toBeLessThan(1000);
    for (const q of ['a', 'e', 'ma', 'hi', 'nowhere']) {
      await api.call('admin', 'GET', `/api/${langs.api}?q=${q}&limit=3`);
      const before = { ...keyedPaths };
      const r = await api.call('admin', 'GET', `/api/${langs.api}?q=${q}&limit=3`);
      expect(r.status, r.text).toBe(200);
      const way = startPair(q) ? 'starts' : 'small';
      expect(keyedPaths, q).toEqual({ ...before, [way]: before[way] + 1 });
      const expected = await sql<{ id: number }>`select t.id from ${sql.raw(langs.table)} t join search_index s on s.entity = ${langs.name} and s.record_id = t.id
        where ${docContains(q, sql`s.doc`)} order by t.name, t.id`.execute(api.db);
      expect(r.body.data.map((x: { id: number }) => x.id), q).toEqual(expected.rows.slice(0, 3).map((x) => x.id));
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

describe('a term holding a long number (the index asked for the number alone, search/index.ts rareRun)', () => {
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

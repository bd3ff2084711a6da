import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity, type Role } from '../../src/registry';
import { pastPrefix, readableEntities } from '../../src/server/search';
import { HITS_PER_KIND, KIND_COUNT_CAP } from '../../src/server/search/palette';
import { storeSpecialities } from './speciality-rows';
import { setupApi } from './harness';

/**
 * The palette's search across entities takes the records whose title starts with the term from the titles' index
 * (migration 0012), and asks the trigram index for the rest only when they are fewer than it ranks (200): a number
 * typed from its start ("APT-2025-0…") no longer reads the millions of rows its trigrams are in. 1,300 specialities
 * share the start of their names here, as an entity's numbers do. It answers by kind: a few of each, and each kind's
 * count up to its cap.
 */
const api = setupApi();
const def = getEntity('speciality');
const NAMES = Array.from({ length: 1_300 }, (_, i) => `Qx-2025-${String(i).padStart(4, '0')}`);
let referral = 0;

const answer = async (role: Role, q: string) => {
  const r = await api.call(role, 'GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(r.status, `${q}: ${r.text}`).toBe(200);
  return r.body as { data: { entity: string; id: number; title: string }[]; groups: { entity: string; count: number; more: boolean }[] };
};
const search = async (role: Role, q: string) => (await answer(role, q)).data;

beforeAll(async () => {
  await storeSpecialities(api.db, NAMES);
  const made = await api.call('admin', 'POST', `/api/${def.api}`, { name: 'Referral desk', description: 'ask for the qx-2025-129 forms', sortOrder: 0, status: 'active' });
  expect(made.status, made.text).toBe(201);
  referral = made.body.data.id;
});

describe('records whose title starts with the term', () => {
  test('a start many titles share: the kind\'s first five, ranked by likeness, then title; counted as more than the cap', async () => {
    const { data: hits, groups } = await answer('superadmin', 'QX-2025-0');
    expect(hits).toHaveLength(HITS_PER_KIND);
    expect(groups).toEqual([{ entity: 'speciality', count: KIND_COUNT_CAP, more: true }]);
    expect(hits.every((h) => h.entity === 'speciality' && h.title.startsWith('Qx-2025-0'))).toBe(true);
    const ranked = await sql<{ title: string }>`select t as title from unnest(${hits.map((h) => h.title)}::text[]) t
      order by similarity(t, 'qx-2025-0') desc, t`.execute(api.db);
    expect(hits.map((h) => h.title)).toEqual(ranked.rows.map((r) => r.title));
  });

  test('taken from the titles\' index: a title found there even where the text says otherwise, and each start in turn', async () => {
    // A search row whose text lacks its title (no writer makes one): only the titles' index can find it by the title.
    const id = (await sql<{ id: number }>`select id from speciality where name = 'Qx-2025-0007'`.execute(api.db)).rows[0].id;
    await sql`update search_index set title = 'Qv only by title' where entity = 'speciality' and record_id = ${id}`.execute(api.db);
    expect((await search('superadmin', 'qv only')).map((h) => h.id)).toEqual([id]);
    await sql`update search_index set title = 'Qx-2025-0007' where entity = 'speciality' and record_id = ${id}`.execute(api.db);
    // Eight starts one after another: past the fifth, PostgreSQL may run the statement on a plan made for any term.
    for (let i = 0; i < 8; i++) {
      const start = `qx-2025-12${i}`;
      const { data: hits, groups } = await answer('superadmin', start);
      const titles = NAMES.slice(1200 + i * 10, 1210 + i * 10);
      expect(hits.every((h) => titles.includes(h.title)) && hits.length, start).toBe(HITS_PER_KIND);
      expect(groups, start).toEqual([{ entity: 'speciality', count: 10, more: false }]);
    }
  });

  test('the first string past every one that starts so', () => {
    expect(pastPrefix('qx-2025-0')).toBe('qx-2025-1');
    expect(pastPrefix('caf\u00e9')).toBe('caf\u00ea');
    expect(pastPrefix('a\u{1F600}')).toBe('a\u{1F601}');
    expect(pastPrefix('a\uD7FE')).toBe('a\uD7FF');
    for (const none of ['', 'a\u{10FFFF}', 'a\uD7FF']) expect(pastPrefix(none), JSON.stringify(none)).toBeNull();
  });

  test('fewer than it ranks: the trigram index adds the records that contain the term, once each, after them', async () => {
    const { data: hits, groups } = await answer('superadmin', 'qx-2025-129');
    expect(hits.map((h) => h.title)).toEqual(NAMES.slice(1290, 1290 + HITS_PER_KIND));
    // Counted once each: the ten titles and the desk whose text holds the term.
    expect(groups).toEqual([{ entity: 'speciality', count: 11, more: false }]);
    expect((await search('superadmin', 'qx-2025-129 forms')).map((h) => h.id)).toEqual([referral]);
  });

  test('a role that may not read the titles found first still finds its own records further on', async () => {
    const role: Role = 'railway';
    const own = readableEntities(role).find((e) => e !== 'speciality' && !getEntity(e).scope);
    expect(own, 'an entity the railway role reads without a scope').toBeDefined();
    // After all 1,300 specialities in the titles' order: past the titles read first (1,000), all of them not its own.
    await sql`insert into search_index (entity, record_id, title, subtitle, doc) values (${own}, 987654, 'Qx-2025-9999 railway', '', 'qx-2025-9999 railway')`.execute(api.db);
    const hits = await search(role, 'qx-2025');
    expect(hits.map((h) => `${h.entity}:${h.id}`)).toEqual([`${own}:987654`]);
  });

  test('wildcards are letters, and a term that ends in the last code point of a range is looked up all the same', async () => {
    expect(await search('superadmin', 'qx-2025-0%')).toEqual([]);
    expect(await search('superadmin', 'qx_2025')).toEqual([]);
    for (const q of ['qx\u{10FFFF}', 'qx\uD7FF', 'qx\uFFFF']) expect(await search('superadmin', q), q).toEqual([]);
  });
});

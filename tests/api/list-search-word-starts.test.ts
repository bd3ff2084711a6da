import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { byWordStarts, docMatches, wordStartsMatch } from '../../src/server/search';
import { expectedSpecialityPage } from './speciality-rows';
import { setupApi } from './harness';

/**
 * A term of one or two letters is checked on the search row's words' starts (`word_starts`, migration 0011) where the
 * list search box walks the list's order: it must find exactly the rows the text would. Texts with what could tell
 * them apart: a doubled blank, LIKE's wildcards, letters beyond ASCII, signs, one-letter words, and a long text of
 * short words whose starts pass 1,000 bytes (null: the walk checks the text).
 */
const api = setupApi();
const def = getEntity('speciality');
const LONG = `${Array.from({ length: 660 }, (_, i) => `w${String.fromCharCode(97 + (i % 26))}`).join(' ')} qy`;
const records = [
  { name: 'Ab  cd ef', description: 'double  blank' },
  { name: 'x%y 5_z', description: 'wild cards 100%' },
  { name: 'Ünïcode ça', description: 'Ölçü Ñandú' },
  { name: '+91 98450 12345', description: 'a b c' },
  { name: 'Mail me', description: 'ma.li@ex.in · MA' },
  { name: 'Long words', description: LONG },
];

/** Every one- and two-letter run of the texts (word starts or not), and terms that look like LIKE's wildcards. */
async function terms(): Promise<string[]> {
  const docs = (await sql<{ doc: string }>`select doc from search_index where entity = 'speciality'`.execute(api.db)).rows.map((r) => r.doc);
  const runs = new Set<string>(['%', '_', '%y', 'x_', '\\', 'q', 'qy', 'zz']);
  for (const doc of docs) {
    const chars = Array.from(doc.slice(0, 200));
    chars.forEach((c, i) => { runs.add(c); if (i + 1 < chars.length) runs.add(c + chars[i + 1]); });
  }
  return [...runs].filter(byWordStarts);
}

beforeAll(async () => {
  for (const r of records) {
    const made = await api.call('admin', 'POST', `/api/${def.api}`, { ...r, sortOrder: 0, status: 'active' });
    expect(made.status, made.text).toBe(201);
  }
});

describe('words\' starts for one or two letters', () => {
  test('the long text of short words has none (null), the others have theirs', async () => {
    const rows = (await sql<{ doc: string; word_starts: string | null }>`select doc, word_starts from search_index where entity = 'speciality'`.execute(api.db)).rows;
    expect(rows.filter((r) => r.word_starts === null).map((r) => r.doc.slice(0, 10))).toEqual(['long words']);
    expect(rows.find((r) => r.doc.startsWith('ab  cd'))?.word_starts).toBe(' ab  cd ef do  bl ab  cd ef do  bl');
  });

  test('each term finds by them exactly the rows its text would, with the text at hand or looked up', async () => {
    const list = await terms();
    expect(list.length).toBeGreaterThan(100);
    for (const q of list) {
      const res = await sql<{ by_text: number[]; at_hand: number[]; looked_up: number[] }>`select
          array(select record_id from search_index w where entity = 'speciality' and ${docMatches(q, sql`w.doc`)} order by 1) as by_text,
          array(select record_id from search_index w where entity = 'speciality' and ${wordStartsMatch(q, 'w', 'at hand')} order by 1) as at_hand,
          array(select record_id from search_index w where entity = 'speciality' and ${wordStartsMatch(q, 'w', 'looked up')} order by 1) as looked_up`.execute(api.db);
      const { by_text, at_hand, looked_up } = res.rows[0];
      expect(at_hand, q).toEqual(by_text);
      expect(looked_up, q).toEqual(by_text);
    }
  });

  test('the list search box answers each term\'s page and count as the text would', async () => {
    let found = 0;
    for (const q of [...(await terms()), 'qy', 'wa']) {
      const r = await api.call('admin', 'GET', `/api/${def.api}?q=${encodeURIComponent(q)}&limit=5&sort=name:asc`);
      expect(r.status, `${q}: ${r.text}`).toBe(200);
      const all = await expectedSpecialityPage(api.db, q, 'asc', 10_000);
      expect(r.body.data.map((x: { name: string }) => x.name), q).toEqual(all.slice(0, 5));
      expect(r.body.total, q).toBe(all.length);
      found += all.length ? 1 : 0;
    }
    // The long text's last word, past its starts' 1,000 bytes: found through the text.
    const qy = await api.call('admin', 'GET', `/api/${def.api}?q=qy&sort=name:asc`);
    expect(qy.body.data.map((x: { name: string }) => x.name)).toEqual(['Long words']);
    expect(found).toBeGreaterThan(50);
  });
});

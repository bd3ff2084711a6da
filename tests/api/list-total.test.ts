import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * A list's `total` (issue 8: the first page and its count are one statement, later pages count apart): the same on
 * every page and with or without a filter or search, 0 with an empty first page, and the whole list walked once.
 */
const api = setupApi();
const def = getEntity('speciality');

describe('list totals', () => {
  test('first page, later pages, filters, search and no match agree with the rows there are', async () => {
    for (let i = 0; i < 7; i++) {
      await createRecord(api.db, def, { name: `Totalcheck Zx ${i}`, description: 'count me', sortOrder: i, status: i < 3 ? 'inactive' : 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    }
    const all = await api.count(def);
    const first = await api.call('admin', 'GET', `/api/${def.api}?limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(all);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.data[0]).not.toHaveProperty('__total');

    // Walk every page: each says the same total, and the ids seen are the table's, once each.
    const seen = new Set<number>(first.body.data.map((r: { id: number }) => r.id));
    let cursor = first.body.nextCursor as string | null;
    while (cursor) {
      const next = await api.call('admin', 'GET', `/api/${def.api}?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(next.status, next.text).toBe(200);
      expect(next.body.total).toBe(all);
      for (const r of next.body.data as { id: number }[]) { expect(seen.has(r.id)).toBe(false); seen.add(r.id); }
      cursor = next.body.nextCursor;
    }
    expect(seen.size).toBe(all);

    const inactive = await api.call('admin', 'GET', `/api/${def.api}?limit=1&filter[status]=inactive&q=${encodeURIComponent('Totalcheck')}`);
    expect(inactive.body.total).toBe(3);
    expect(inactive.body.data).toHaveLength(1);
    const searched = await api.call('admin', 'GET', `/api/${def.api}?limit=50&q=${encodeURIComponent('Totalcheck Zx')}`);
    expect(searched.body.total).toBe(7);
    const none = await api.call('admin', 'GET', `/api/${def.api}?limit=5&filter[status]=inactive&q=${encodeURIComponent('nothing like this qqq')}`);
    expect(none.body).toMatchObject({ data: [], total: 0, nextCursor: null });
  });
});

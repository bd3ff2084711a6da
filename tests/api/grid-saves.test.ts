import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi } from './harness';

/**
 * Issue 38 §2, the server's side of a list's cells saved in place (client/grid/): each row is sent whole with the
 * version its cells were read at. A row someone changed meanwhile answers 409 `stale` and keeps their values, whatever
 * cells it carried; rows saved in the same batch are each judged on their own; the same cells sent again at the version
 * read since are saved. A cell the grid does not open (an owned status) is refused if a payload changes it anyway.
 */
const api = setupApi();
const def = getEntity('speciality');
const make = (name: string, sortOrder: number) =>
  createRecord(api.db, def, { name, sortOrder, status: 'active' }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
const put = (id: unknown, body: Record<string, unknown>) => api.call('admin', 'PUT', `/api/${def.api}/${id}`, body);

describe('rows saved from a grid, each with its version', () => {
  test('a stale row answers 409 stale and keeps their change; another row of the same batch is saved', async () => {
    const a = await make('Grid Save Alpha Qz', 1);
    const b = await make('Grid Save Beta Qz', 2);
    // Someone else changes Beta's name meanwhile (not the cell the grid changed).
    const theirs = await put(b.id, { name: 'Grid Save Beta theirs Qz', sortOrder: 2, status: 'active', version: b.version });
    expect(theirs.status, theirs.text).toBe(200);

    const savedA = await put(a.id, { name: a.name, sortOrder: 11, status: 'active', version: a.version });
    expect(savedA.status, savedA.text).toBe(200);
    expect(savedA.body.data).toMatchObject({ sortOrder: 11, version: Number(a.version) + 1 });

    // Beta sent as the grid read it: its old name with the typed cell, at the old version.
    const staleB = await put(b.id, { name: b.name, sortOrder: 22, status: 'active', version: b.version });
    expect(staleB.status).toBe(409);
    expect(staleB.body.errors[0]).toMatchObject({ code: 'stale', field: 'version' });
    expect(await api.row(def, Number(b.id))).toMatchObject({ name: 'Grid Save Beta theirs Qz', sort_order: 2, version: Number(b.version) + 1 });

    // Rebased: the record as it is now with the typed cell over it, at the version read since. Their name stays.
    const rebased = await put(b.id, { name: 'Grid Save Beta theirs Qz', sortOrder: 22, status: 'active', version: theirs.body.data.version });
    expect(rebased.status, rebased.text).toBe(200);
    expect(rebased.body.data).toMatchObject({ name: 'Grid Save Beta theirs Qz', sortOrder: 22, version: Number(b.version) + 2 });
  });

  test('the same stale save sent twice is refused twice: a retry never slips through', async () => {
    const c = await make('Grid Save Gamma Qz', 3);
    expect((await put(c.id, { name: c.name, sortOrder: 77, status: 'active', version: c.version })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const again = await put(c.id, { name: c.name, sortOrder: 33, status: 'active', version: c.version });
      expect(again.status).toBe(409);
      expect(again.body.errors[0].code).toBe('stale');
    }
    expect(await api.row(def, Number(c.id))).toMatchObject({ sort_order: 77 });
  });

  test('a version that is no number, or none, is refused 400 naming it, never 500', async () => {
    const d = await make('Grid Save Delta Qz', 4);
    for (const version of ['1', null, -1, 1.5]) {
      const res = await put(d.id, { name: d.name, sortOrder: 4, status: 'active', version });
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(res.body.errors.map((e: { field?: string }) => e.field)).toContain('version');
    }
    const none = await put(d.id, { name: d.name, sortOrder: 4, status: 'active' });
    expect(none.status).toBe(400);
  });
});

describe('cells the grid does not open are the server\'s too', () => {
  test('a campaign\'s status in an edit payload is refused: it moves by its actions', async () => {
    const campaigns = getEntity('notification');
    const made = await api.call('superadmin', 'POST', `/api/${campaigns.api}`, { title: 'Grid Save campaign Qz', body: 'Hello', audience: 'all', channel: 'email' });
    expect(made.status, made.text).toBe(201);
    const rec = made.body.data;
    const res = await api.call('superadmin', 'PUT', `/api/${campaigns.api}/${rec.id}`,
      { title: rec.title, body: rec.body, audience: rec.audience, channel: rec.channel, status: 'sent', version: rec.version });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'status' });
    expect((await api.call('superadmin', 'GET', `/api/${campaigns.api}/${rec.id}`)).body.data).toMatchObject({ status: 'draft', version: rec.version });
  });
});

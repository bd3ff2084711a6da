import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { sql } from 'kysely';
import { writeEntries } from '../../src/server/audit/audit';
import { up } from '../../src/server/migrations/0052-unit-entries-before-0047';
import { setupApi, type Reply } from './harness';

/**
 * The activity log shows an import, and a bulk action, as one entry (who, when, which records, counts, state) that
 * opens to its rows (`?import=` / `?bulk=`), and offers its undo while the window is open: issue 38 §1, §3.
 */
const api = setupApi();
const city = getEntity('city');

interface Entry { id: number; action: string; entity: string; record: { id: number } | null; changes: Record<string, unknown> | null; unit?: { kind: string; id: number; state: string; counts: Record<string, number>; undoUntil: string | null } }

async function logs(qs: string): Promise<Entry[]> {
  const r = await api.call('superadmin', 'GET', `/api/fmc/fmclogs?${qs}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}

async function finished(id: number): Promise<Reply> {
  for (;;) {
    const r = await api.call('superadmin', 'GET', `/api/imports/${id}`);
    if (!['running', 'stopping'].includes(r.body.data.state)) return r;
    await new Promise((res) => setImmediate(res));
  }
}

describe('an import in the log', () => {
  test('one entry with its counts; its rows under it, folded out of the log; undone there, the undo under it too', async () => {
    const file = 'name,code\nLogland,LQA\nLogland two,LQB\nBroken,x1\n';
    const started = await api.call('superadmin', 'POST', '/api/state/import', file, { 'content-type': 'text/csv' });
    expect(started.status, started.text).toBe(202);
    const run = (await finished(started.body.data.id)).body.data;
    expect(run).toMatchObject({ state: 'done', added: 2, failed: 1 });

    const entries = await logs('entity=state');
    const own = entries.filter((e) => e.unit?.kind === 'import' && e.unit.id === run.id);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ action: 'import', record: null, unit: { state: 'done', counts: { total: 3, done: 3, added: 2, failed: 1 } } });
    expect(Date.parse(own[0].unit!.undoUntil!)).toBeGreaterThan(Date.now());
    // Its rows are not listed beside it…
    expect(entries.some((e) => e.changes?.import === run.id)).toBe(false);
    // …but under it, and in each record's own history.
    const rows = await logs(`import=${run.id}`);
    expect(rows.map((e) => e.action)).toEqual(['create', 'create']);
    const added = rows.map((e) => e.record!.id);
    expect((await logs(`entity=state&record=${added[0]}`)).map((e) => [e.action, e.changes?.import])).toEqual([['create', run.id]]);

    const undo = await api.call('superadmin', 'POST', `/api/imports/${run.id}/undo`);
    expect(undo.status, undo.text).toBe(200);
    const after = (await logs('entity=state&action=import')).find((e) => e.unit?.id === run.id)!;
    expect(after.unit).toMatchObject({ state: 'undone', undoUntil: null });
    const withUndo = await logs(`import=${run.id}`);
    expect(withUndo.map((e) => e.action)).toEqual(['delete', 'delete', 'create', 'create']);
    expect(withUndo.filter((e) => e.action === 'delete').every((e) => e.changes?.undo === true)).toBe(true);
  });

  test('import and bulk together → 400; not a number → 400; an unknown one lists nothing', async () => {
    expect((await api.call('superadmin', 'GET', '/api/fmc/fmclogs?import=1&bulk=1')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/fmc/fmclogs?import=x')).status).toBe(400);
    expect(await logs('import=999999')).toEqual([]);
    expect((await api.call('admin', 'GET', '/api/fmc/fmclogs?import=1')).status).toBe(403);
  });
});

describe('a bulk action in the log', () => {
  test('one entry with its outcomes; its records under it; undone there', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(Number((await api.insert(city))!.id));
    const r = await api.call('superadmin', 'POST', `/api/${city.api}/bulk`, { ids, op: 'delete' });
    expect(r.status, r.text).toBe(200);
    const bulkId = r.body.data.id;

    const entries = await logs('entity=city');
    const own = entries.filter((e) => e.unit?.kind === 'bulk' && e.unit.id === bulkId);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ action: 'bulk', unit: { state: 'done', counts: { done: 3, in_use: 0 } } });
    expect(entries.some((e) => e.changes?.bulk === bulkId)).toBe(false);
    expect((await logs(`bulk=${bulkId}`)).map((e) => e.record!.id).sort()).toEqual([...ids].sort());

    expect((await api.call('superadmin', 'POST', `/api/bulk/${bulkId}/undo`)).status).toBe(200);
    expect((await logs('entity=city&action=bulk')).find((e) => e.unit?.id === bulkId)!.unit).toMatchObject({ state: 'undone', undoUntil: null });
    expect((await logs(`bulk=${bulkId}`)).map((e) => e.action).filter((a) => a === 'restore')).toHaveLength(3);
  });
});

describe('an import and a bulk action made before each began with its entry (migration 0052)', () => {
  test('each gets its one entry, dated when it began, with its rows still under it; a second run adds none', async () => {
    const admin = api.userIds.superadmin;
    const made = [Number((await api.insert(city))!.id), Number((await api.insert(city))!.id)];
    // As the code before 0047 left them: the unit's row, and its records' entries marked with it, and no entry of its own.
    const began = '2026-11-28T09:30:00.000Z';
    const runId = Number((await sql<{ id: number }>`insert into import_run (entity, created_by, created_at, state, total, done_rows, added, added_ids, content_type, file)
      values ('city', ${admin}, ${began}, 'done', 2, 2, 2, ${made}::int[], 'text/csv', ${Buffer.from('name\n')}) returning id`.execute(api.db)).rows[0].id);
    const bulkId = Number((await sql<{ id: number }>`insert into bulk_action (entity, op, field, created_by, created_at)
      values ('city', 'delete', null, ${admin}, ${began}) returning id`.execute(api.db)).rows[0].id);
    await writeEntries(api.db, made.map((id) => ({ actor: { id: admin, address: '203.0.113.9' }, entity: 'city', recordId: id, action: 'create' as const, changes: { import: runId } })));
    await writeEntries(api.db, [{ actor: { id: admin, address: '203.0.113.9' }, entity: 'city', recordId: made[0], action: 'delete', changes: { bulk: bulkId } }]);
    const ownOf = (entries: Entry[], kind: string, id: number) => entries.filter((e) => e.unit?.kind === kind && e.unit.id === id);
    // Before: their rows are folded out of the log, and nothing names them.
    const thatDay = 'entity=city&from=2026-11-28&to=2026-11-28&tz=UTC';
    expect(await logs(thatDay)).toEqual([]);

    await up(api.db);
    await up(api.db);
    const entries = await logs(thatDay);
    expect(entries).toHaveLength(2);
    const run = ownOf(entries, 'import', runId);
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ action: 'import', changes: { run: runId, rows: 2 }, unit: { state: 'done', counts: { total: 2, added: 2 }, undoUntil: null } });
    const bulk = ownOf(entries, 'bulk', bulkId);
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ action: 'bulk', changes: { action: bulkId, op: 'delete' } });
    const stored = (await sql<{ at: Date; address: string; actor_id: number }>`select at, address, actor_id from audit_log where action = 'import' and (changes ->> 'run')::int = ${runId}`.execute(api.db)).rows;
    expect(stored.map((r) => [new Date(r.at).toISOString(), r.address, r.actor_id])).toEqual([[began, '203.0.113.9', admin]]);
    expect((await logs(`import=${runId}`)).map((e) => e.record!.id).sort()).toEqual([...made].sort());
    // An import made since, with its own entry, is not given a second one.
    const counts = (await sql<{ run: number; n: number }>`select (changes ->> 'run')::int as run, count(*)::int as n from audit_log where action = 'import' group by 1`.execute(api.db)).rows;
    expect(counts.every((c) => c.n === 1)).toBe(true);
  });
});

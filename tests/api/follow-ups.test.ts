import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { movableClock } from '../../src/server/scheduler/clock';
import { FOLLOW_UP_JOB } from '../../src/server/reminders/follow-ups';
import { runDue } from '../../src/server/scheduler/runs';
import { setupApi, type Who } from './harness';

/**
 * Follow-ups ("remind me", issue 37 §3): set on a record one may read, listed, moved and dropped by their owner only;
 * when the scheduler's clock (moved by the test, never slept on) reaches the time, an inbox item of kind `follow_up`
 * linking the record, once, even with two passes racing; nothing for an owner who may no longer read the record
 * (the follow-up then says `dropped`).
 */
const api = setupApi();
const clock = movableClock();
const HOUR = 3600_000;

const later = (ms: number) => new Date(Date.now() + ms).toISOString();
const set = (who: Who, body: Record<string, unknown>) => api.call(who, 'POST', '/api/me/follow-ups', body);
const list = async (who: Who) => (await api.call(who, 'GET', '/api/me/follow-ups')).body.data as { id: number; state: string; at: string; title: string | null; recordId: number }[];
const itemsOf = async (userId: number, followUp: number) => (await sql<{ id: number; params: Record<string, unknown> }>`select id, params from inbox_item
  where user_id = ${userId} and kind = 'follow_up' and params->>'followUp' = ${String(followUp)}`.execute(api.db)).rows;
const drain = async () => { while ((await runDue(api.db, { clock })) > 0) { /* until nothing is due */ } };
const centre = async () => Number((await api.insert(getEntity('fmc')))!.id);

describe('follow-ups', () => {
  test('set on a readable record, it arrives in the owner\'s inbox once at its time, linking the record', async () => {
    const id = await centre();
    const at = new Date(Date.now() + 2 * HOUR);
    const made = await set('fmc', { entity: 'fmc', id, at: at.toISOString() });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ entity: 'fmc', recordId: id, state: 'pending', at: at.toISOString() });
    expect(made.body.data.title).toBeTruthy();
    const fid = made.body.data.id;
    expect((await list('fmc')).map((f) => f.id)).toContain(fid);
    expect((await list('admin')).map((f) => f.id)).not.toContain(fid);

    clock.set(new Date(at.getTime() - 60_000));
    await drain();
    expect(await itemsOf(api.userIds.fmc, fid)).toEqual([]);

    clock.set(at);
    // Two passes at once (two processes): one says it.
    await Promise.all([runDue(api.db, { clock }), runDue(api.db, { clock })]);
    await drain();
    const items = await itemsOf(api.userIds.fmc, fid);
    expect(items).toHaveLength(1);
    expect(items[0].params).toMatchObject({ entity: 'fmc', record: id });
    expect((await list('fmc')).find((f) => f.id === fid)?.state).toBe('sent');
    const inbox = await api.call('fmc', 'GET', '/api/me/notifications');
    const item = inbox.body.data.find((i: { id: number }) => i.id === Number(items[0].id));
    expect(item).toMatchObject({ kind: 'follow_up', link: `/dashboard/fmc/details/${id}` });
    expect(item.title).toMatch(/^Follow up: /);

    // The run taken again (its holder's lease ended, say) says nothing more.
    await sql`update job_run set state = 'queued' where job = ${FOLLOW_UP_JOB} and key = ${String(fid)}`.execute(api.db);
    await drain();
    expect(await itemsOf(api.userIds.fmc, fid)).toHaveLength(1);
  });

  test('nothing is said to an owner who lost the record: the follow-up is dropped', async () => {
    const id = await centre();
    const at = new Date(Date.now() + 3 * HOUR);
    const made = await set('fmc', { entity: 'fmc', id, at: at.toISOString() });
    expect(made.status, made.text).toBe(201);
    const fid = made.body.data.id;
    // The fmc account leaves that centre.
    await sql`update admin_user set centres = array_remove(centres, ${id}::int) where id = ${api.userIds.fmc}`.execute(api.db);
    try {
      clock.set(at);
      await drain();
      expect(await itemsOf(api.userIds.fmc, fid)).toEqual([]);
      const [row] = (await sql<{ state: string }>`select state from follow_up where id = ${fid}`.execute(api.db)).rows;
      expect(row.state).toBe('dropped');
    } finally {
      await api.joinCentre(id);
    }
  });

  test('a record one may not read is refused as reading it would be: 404', async () => {
    const id = await centre();
    // railway staff do not read centres; a record that does not exist neither.
    expect((await set('railway', { entity: 'fmc', id, at: later(HOUR) })).status).toBe(404);
    expect((await set('fmc', { entity: 'fmc', id: 2_000_000_000, at: later(HOUR) })).status).toBe(404);
    expect((await api.call('railway', 'GET', `/api/fmc/${id}`)).status).not.toBe(200);
  });

  test('the time must be in the future and within a year; unknown fields and kinds are refused', async () => {
    const id = await centre();
    for (const body of [
      { entity: 'fmc', id, at: later(-60_000) },
      { entity: 'fmc', id, at: later(400 * 24 * HOUR) },
      { entity: 'fmc', id, at: 'tomorrow' },
      { entity: 'fmc', id },
      { entity: 'nothing', id, at: later(HOUR) },
      { entity: 'fmc', id, at: later(HOUR), note: 'x' },
      { entity: 'fmc', id: 'one', at: later(HOUR) },
    ]) {
      const r = await set('fmc', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
  });

  test('moved, it comes at the new time; dropped, never; another\'s reads as none', async () => {
    const id = await centre();
    const first = new Date(Date.now() + 4 * HOUR);
    const moved = new Date(Date.now() + 6 * HOUR);
    const a = (await set('fmc', { entity: 'fmc', id, at: first.toISOString() })).body.data.id;
    const b = (await set('fmc', { entity: 'fmc', id, at: first.toISOString() })).body.data.id;
    expect((await api.call('admin', 'PATCH', `/api/me/follow-ups/${a}`, { at: moved.toISOString() })).status).toBe(404);
    expect((await api.call('admin', 'DELETE', `/api/me/follow-ups/${b}`)).status).toBe(404);
    const r = await api.call('fmc', 'PATCH', `/api/me/follow-ups/${a}`, { at: moved.toISOString() });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data.at).toBe(moved.toISOString());
    expect((await api.call('fmc', 'PATCH', `/api/me/follow-ups/${a}`, { at: moved.toISOString(), entity: 'fmc' })).status).toBe(400);
    expect((await api.call('fmc', 'DELETE', `/api/me/follow-ups/${b}`)).status).toBe(200);
    expect((await list('fmc')).map((f) => f.id)).not.toContain(b);

    clock.set(first);
    await drain();
    expect(await itemsOf(api.userIds.fmc, a)).toEqual([]);
    expect(await itemsOf(api.userIds.fmc, b)).toEqual([]);
    clock.set(moved);
    await drain();
    expect(await itemsOf(api.userIds.fmc, a)).toHaveLength(1);
    expect(await itemsOf(api.userIds.fmc, b)).toEqual([]);
  });
});

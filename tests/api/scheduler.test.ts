import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { movableClock } from '../../src/server/scheduler/clock';
import { queueKeyed } from '../../src/server/scheduler/messages';
import { cancelRun, defineJob, enqueue, LEASE_SECONDS, retryAfterSeconds, retryRun, runDue } from '../../src/server/scheduler/runs';
import { setupApi } from './harness';

/**
 * The scheduler on the test's database (PGlite, or PostgreSQL under `npm run test:pg`): a run is due by the clock the
 * test moves, fails and retries with backoff then stops as failed with its error kept, is taken by one pass when
 * several look at once, and a run done again after its holder died queues no message twice.
 */
const api = setupApi();
const clock = movableClock(new Date('2030-01-01T08:00:00Z'));
const calls: Record<string, number> = {};
const count = (name: string) => { calls[name] = (calls[name] ?? 0) + 1; };

defineJob('test.count', async ({ run }) => { count(run.key); });
defineJob('test.fail', async ({ run }) => { count(run.key); throw new Error(`gateway said no (${run.attempts})`); });
defineJob('test.send', async ({ db, run }) => {
  let messages = 0;
  for (const to of run.payload.to as string[]) {
    if (await queueKeyed(db, { key: `test.send:${run.key}:${to}`, channel: 'sms', kind: 'campaign', recipient: to, subject: '', body: 'hello' })) messages++;
  }
  count(run.key);
  return { messages };
});

const stateOf = async (id: number) => (await sql<{ state: string; attempts: number; last_error: string | null; messages: number; due_at: string }>`
  select state, attempts, last_error, messages, due_at from job_run where id = ${id}`.execute(api.db)).rows[0]!;

describe('scheduler', () => {
  test('a run starts when the clock reaches its time, not before', async () => {
    const id = await enqueue(api.db, { job: 'test.count', key: 'due', dueAt: new Date(clock.now().getTime() + 60_000) });
    await runDue(api.db, { clock });
    expect(calls.due).toBeUndefined();
    expect((await stateOf(id)).state).toBe('queued');
    clock.advance(60_000);
    await runDue(api.db, { clock });
    expect(calls.due).toBe(1);
    expect((await stateOf(id)).state).toBe('done');
    await runDue(api.db, { clock });
    expect(calls.due).toBe(1);
  });

  test('a failing run retries with growing waits, then stops as failed with its error kept; a retry queues it again', async () => {
    const id = await enqueue(api.db, { job: 'test.fail', key: 'f', dueAt: clock.now(), maxAttempts: 3 });
    await runDue(api.db, { clock });
    let row = await stateOf(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, last_error: 'gateway said no (1)' });
    expect(new Date(row.due_at).getTime() - clock.now().getTime()).toBe(retryAfterSeconds(1) * 1000);
    await runDue(api.db, { clock });
    expect(calls.f).toBe(1); // not due again yet
    clock.advance(retryAfterSeconds(1) * 1000);
    await runDue(api.db, { clock });
    row = await stateOf(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 2 });
    expect(new Date(row.due_at).getTime() - clock.now().getTime()).toBe(retryAfterSeconds(2) * 1000);
    expect(retryAfterSeconds(2)).toBeGreaterThan(retryAfterSeconds(1));
    clock.advance(retryAfterSeconds(2) * 1000);
    await runDue(api.db, { clock });
    expect(await stateOf(id)).toMatchObject({ state: 'failed', attempts: 3, last_error: 'gateway said no (3)' });
    clock.advance(24 * 3600_000);
    await runDue(api.db, { clock });
    expect(calls.f).toBe(3);
    expect(await retryRun(api.db, id, clock)).toBe(true);
    await runDue(api.db, { clock });
    expect(await stateOf(id)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(calls.f).toBe(4);
  });

  test('a cancelled run does not start', async () => {
    const id = await enqueue(api.db, { job: 'test.count', key: 'cancelled', dueAt: clock.now() });
    expect(await cancelRun(api.db, { id }, clock)).toBe(true);
    await runDue(api.db, { clock });
    expect(calls.cancelled).toBeUndefined();
    expect((await stateOf(id)).state).toBe('cancelled');
    expect(await cancelRun(api.db, { id }, clock)).toBe(false);
  });

  test('passes looking at once take each run once', async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `many-${i}`);
    for (const key of keys) await enqueue(api.db, { job: 'test.count', key, dueAt: clock.now() });
    await Promise.all([1, 2, 3, 4].map(() => (async () => { while ((await runDue(api.db, { clock, limit: 3 })) > 0) { /* until none is due */ } })()));
    expect(keys.map((k) => calls[k])).toEqual(keys.map(() => 1));
  });

  test('a run whose holder died is taken again after its lease, and queues no message twice', async () => {
    const to = ['+919800000001', '+919800000002', '+919800000003'];
    const id = await enqueue(api.db, { job: 'test.send', key: 'crash', dueAt: clock.now(), payload: { to } });
    // The holder died after queueing the first message: the run is left running, its lease not yet ended.
    await sql`update job_run set state = 'running', attempts = 1, locked_until = ${new Date(clock.now().getTime() + LEASE_SECONDS * 1000)} where id = ${id}`.execute(api.db);
    await queueKeyed(api.db, { key: `test.send:crash:${to[0]}`, channel: 'sms', kind: 'campaign', recipient: to[0]!, subject: '', body: 'hello' });
    await runDue(api.db, { clock });
    expect(calls.crash).toBeUndefined();
    clock.advance(LEASE_SECONDS * 1000);
    await runDue(api.db, { clock });
    expect(calls.crash).toBe(1);
    expect(await stateOf(id)).toMatchObject({ state: 'done', messages: 2 });
    const queued = await sql<{ recipient: string; n: number }>`select recipient, count(*)::int as n from outbox where message_key like 'test.send:crash:%' group by recipient order by recipient`.execute(api.db);
    expect(queued.rows).toEqual(to.map((recipient) => ({ recipient, n: 1 })));
  });

  test('the same job and key queued again is one run, moved to the new time', async () => {
    const a = await enqueue(api.db, { job: 'test.count', key: 'moved', dueAt: new Date(clock.now().getTime() + 3600_000) });
    const b = await enqueue(api.db, { job: 'test.count', key: 'moved', dueAt: new Date(clock.now().getTime() + 7200_000) });
    expect(b).toBe(a);
    clock.advance(3600_000);
    await runDue(api.db, { clock });
    expect(calls.moved).toBeUndefined();
    clock.advance(3600_000);
    await runDue(api.db, { clock });
    expect(calls.moved).toBe(1);
  });

  test('runs: listed by job and state for superadmins only; retried and cancelled, audited', async () => {
    const id = await enqueue(api.db, { job: 'test.fail', key: 'listed', dueAt: clock.now(), maxAttempts: 1 });
    await runDue(api.db, { clock });
    const list = await api.call('superadmin', 'GET', '/api/system/runs?job=test.fail&state=failed');
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.find((r: { id: number }) => r.id === id)).toMatchObject({ job: 'test.fail', key: 'listed', state: 'failed', attempts: 1, lastError: 'gateway said no (1)' });
    expect(list.body.data.every((r: { job: string; state: string }) => r.job === 'test.fail' && r.state === 'failed')).toBe(true);
    for (const role of ['admin', 'doctor', 'fmc', 'railway'] as const) expect((await api.call(role, 'GET', '/api/system/runs')).status, role).toBe(403);
    expect((await api.call('anonymous', 'GET', '/api/system/runs')).status).toBe(401);
    expect((await api.call('superadmin', 'GET', '/api/system/runs?state=lost')).status).toBe(400);
    expect((await api.call('superadmin', 'GET', '/api/system/runs?owner=1')).status).toBe(400);
    expect((await api.call('admin', 'POST', `/api/system/runs/${id}/retry`)).status).toBe(403);
    expect((await api.call('superadmin', 'POST', `/api/system/runs/${id}/cancel`)).status).toBe(404); // failed: nothing to cancel
    const retried = await api.call('superadmin', 'POST', `/api/system/runs/${id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect((await stateOf(id)).state).toBe('queued');
    expect((await api.call('superadmin', 'POST', `/api/system/runs/${id}/cancel`)).status).toBe(200);
    expect((await stateOf(id)).state).toBe('cancelled');
    expect((await api.call('superadmin', 'POST', '/api/system/runs/99999999/retry')).status).toBe(404);
    const audited = await sql<{ changes: Record<string, unknown> }>`select changes from audit_log where entity = 'system' and changes->>'run' = ${String(id)} order by id`.execute(api.db);
    expect(audited.rows.map((r) => r.changes)).toEqual([
      // The scheduler's own end of the run, by the system, then the superadmin's retry and cancel.
      { run: id, job: 'test.fail', key: 'listed', state: 'failed', error: 'gateway said no (1)', attempt: 1 },
      { run: id, retry: true }, { run: id, cancel: true },
    ]);
  });

  test('every try of a run is in the audit trail, by the system', async () => {
    const id = await enqueue(api.db, { job: 'test.send', key: 'logged', dueAt: clock.now(), payload: { to: ['+911', '+912'] } });
    await runDue(api.db, { clock });
    const entries = await sql<{ actor_id: number | null; changes: Record<string, unknown> }>`select actor_id, changes from audit_log where entity = 'system' and changes->>'run' = ${String(id)}`.execute(api.db);
    expect(entries.rows).toEqual([{ actor_id: null, changes: { run: id, job: 'test.send', key: 'logged', state: 'done', messages: 2 } }]);
  });
});

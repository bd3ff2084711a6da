import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { movableClock } from '../../src/server/scheduler/clock';
import { runDue } from '../../src/server/scheduler/runs';
import { WORKLIST_AUTO_JOB } from '../../src/server/reminders/worklist-auto';
import { setupApi } from './harness';

/**
 * A worklist that reminds by itself (issue 37 §3): off by default, turned on by whoever may send its reminders by
 * hand (weekly unless set, never more often than daily); a round reminds each person on it once, none reminded
 * within the interval (by hand or by itself), and the next round comes that many days later; off, none. The
 * scheduler's clock is moved by the test, never slept on.
 */
const api = setupApi();
const DAY = 86_400_000;
const W = 'patientInCompleteProfile';
const URL = `/api/notifications/${W}/auto`;
const patientDef = getEntity('patients');

/** A patient on the worklist (no e-mail, no blood group) with this phone. */
const patient = async (phone: string) =>
  Number((await createRecord(api.db, patientDef, { ...(await api.payload(patientDef)), email: null, bloodGroup: null, phone }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);
const remindersOf = async (id: number) => (await sql<{ day: string; actor_id: number | null }>`select day::text as day, actor_id from reminder
  where worklist = ${W} and record_id = ${id} order by day`.execute(api.db)).rows;
const runOf = async () => (await sql<{ state: string; due_at: Date }>`select state, due_at from job_run where job = ${WORKLIST_AUTO_JOB} and key = ${W}`.execute(api.db)).rows[0];

describe('a worklist that reminds by itself', () => {
  test('off by default; set by whoever may send its reminders; the interval is a day at least', async () => {
    const r = await api.call('admin', 'GET', URL);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ enabled: false, everyDays: 7, nextAt: null });
    expect((await api.call('railway', 'PUT', URL, { enabled: true })).status).toBe(403);
    expect((await api.call('fmc', 'GET', URL)).status).toBe(403);
    for (const body of [{ enabled: true, everyDays: 0 }, { enabled: true, everyDays: 0.5 }, { enabled: 'yes' }, { enabled: true, hourly: true }, {}]) {
      expect((await api.call('admin', 'PUT', URL, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await runOf()).toBeUndefined();
  });

  test('a round at once, then every interval: each person once, none reminded within it, none once off', async () => {
    const byHand = await patient('+91 90000 11111');
    const auto = await patient('+91 90000 22222');
    const sent = await api.call('admin', 'POST', `/api/notifications/${W}/remind`, { ids: [byHand] });
    expect(sent.body.data[0].result).toBe('sent');

    const on = await api.call('admin', 'PUT', URL, { enabled: true });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data).toMatchObject({ enabled: true, everyDays: 7 });
    const first = new Date(on.body.data.nextAt);
    const clock = movableClock(first);
    // Two passes at once: one round.
    await Promise.all([runDue(api.db, { clock }), runDue(api.db, { clock })]);
    expect(await remindersOf(auto)).toHaveLength(1);
    expect((await remindersOf(auto))[0].actor_id).toBeNull();
    expect(await remindersOf(byHand)).toHaveLength(1);
    expect(new Date((await runOf()).due_at).getTime()).toBe(first.getTime() + 7 * DAY);

    clock.advance(DAY);
    await runDue(api.db, { clock });
    expect(await remindersOf(auto)).toHaveLength(1);

    clock.set(new Date(first.getTime() + 7 * DAY));
    await runDue(api.db, { clock });
    expect(await remindersOf(auto)).toHaveLength(2);
    expect(await remindersOf(byHand)).toHaveLength(2);

    // Every three days from now on: the round already queued keeps its time; off, nothing more.
    const every3 = await api.call('admin', 'PUT', URL, { enabled: true, everyDays: 3 });
    expect(every3.body.data).toMatchObject({ enabled: true, everyDays: 3 });
    const off = await api.call('admin', 'PUT', URL, { enabled: false });
    expect(off.body.data).toEqual({ enabled: false, everyDays: 3, nextAt: null });
    expect((await runOf()).state).toBe('cancelled');
    clock.set(new Date(first.getTime() + 30 * DAY));
    await runDue(api.db, { clock });
    expect(await remindersOf(auto)).toHaveLength(2);
  });

  test('daily, the shortest interval: a person reminded by itself is not reminded again that day, by hand or by itself', async () => {
    const one = await patient('+91 90000 33333');
    const on = await api.call('admin', 'PUT', URL, { enabled: true, everyDays: 1 });
    expect(on.status, on.text).toBe(200);
    const first = new Date(on.body.data.nextAt);
    const clock = movableClock(first);
    await runDue(api.db, { clock });
    expect(await remindersOf(one)).toHaveLength(1);
    // By hand the same day: refused as already reminded, as two reminders by hand would be.
    const byHand = await api.call('admin', 'POST', `/api/notifications/${W}/remind`, { ids: [one] });
    expect(byHand.body.data[0].result).toBe('already_today');
    // A pass later that day finds no round due; the next day's round reminds once more.
    clock.advance(DAY / 2);
    await runDue(api.db, { clock });
    expect(await remindersOf(one)).toHaveLength(1);
    clock.advance(DAY / 2);
    await runDue(api.db, { clock });
    expect(await remindersOf(one)).toHaveLength(2);
    expect((await api.call('admin', 'PUT', URL, { enabled: false })).status).toBe(200);
  });
});

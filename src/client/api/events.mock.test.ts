import { beforeEach, describe, expect, test } from 'vitest';
import { backoffMs, sseParser, type SseMessage } from './events';
import { keys, type QueryKey } from './keys';
import { queryClient } from './query-client';
import { changeHeard } from './stream-invalidation';

/**
 * The change stream's client side: the SSE text read a chunk at a time, the reconnect's backoff, and an event turned
 * into invalidation by key, exactly as a write of this tab does (writes.ts).
 */
const sort = { field: 'id', dir: 'asc' } as const;
const patients = keys.entity('patients');
const doctors = keys.entity('doctor');
const READS: Record<string, QueryKey> = {
  patientList: patients.list({ sort, filters: {} }),
  patient7: patients.record(7),
  patient7History: patients.history(7),
  patient8: patients.record(8),
  patientPicker: patients.options({ q: 'sh', limit: 30 }),
  patientMine: patients.mine,
  doctorList: doctors.list({ sort, filters: {} }),
  screen: keys.screen('fmclogs', {}),
};
const stale = () => Object.entries(READS).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name).sort();

beforeEach(() => {
  queryClient.clear();
  for (const key of Object.values(READS)) queryClient.setQueryData(key, { data: [] });
  queryClient.setQueryData(patients.record(7), { id: 7, version: 3 });
});

const event = (id: number, version: number | null, action = 'update') => ({ entity: 'patients', id, version, action, at: '2026-11-25T00:00:00.000Z', by: 1 });

describe('an event invalidates by key', () => {
  test("another's change: the record with its history, its entity's lists, pickers and raised, and the screens", () => {
    changeHeard(event(7, 4));
    expect(stale()).toEqual(['patient7', 'patient7History', 'patientList', 'patientMine', 'patientPicker', 'screen']);
  });

  test('a record held at that version already (this tab wrote it): only what shows it elsewhere', () => {
    changeHeard(event(7, 3));
    expect(stale()).toEqual(['patientList', 'patientMine', 'patientPicker', 'screen']);
  });

  test('an entity the console does not know is ignored', () => {
    changeHeard({ ...event(7, 4), entity: 'nothing' });
    expect(stale()).toEqual([]);
  });
});

describe('SSE text', () => {
  test('messages across chunks, ids alone, comments skipped, multi-line data', () => {
    const got: SseMessage[] = [];
    const ids: string[] = [];
    const parse = sseParser((m) => got.push(m), (id) => ids.push(id));
    parse('retry: 3000\nid: ab-0\n\n: heartbeat\n\nid: ab-1\nda');
    parse('ta: {"a":1}\n\nevent: resync\r\nid: ab-2\r\ndata: {}\r\n');
    expect(got).toEqual([{ id: 'ab-1', event: 'message', data: '{"a":1}' }]);
    parse('\r\ndata: x\ndata: y\n\n');
    expect(got.slice(1)).toEqual([{ id: 'ab-2', event: 'resync', data: '{}' }, { event: 'message', data: 'x\ny' }]);
    expect(ids).toEqual(['ab-0', 'ab-1', 'ab-2']);
  });
});

test('reconnects back off, doubling to 30 s, with jitter', () => {
  expect([0, 1, 2, 3, 4, 5, 9].map((a) => backoffMs(a, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  expect(backoffMs(0, () => 0.999)).toBeLessThanOrEqual(1333);
});

describe("this tab's own writes", () => {
  test('their echo on the stream is known, once their answers are in; older changes too; others are not', async () => {
    const { isEcho, ownWrite, wrote, writesSettled } = await import('./echoes');
    let answer!: (v: { id: number; version: number }) => void;
    const write = ownWrite(() => new Promise<{ id: number; version: number }>((r) => { answer = r; }), (r) => wrote('patients', r.id, r.version));
    let settled = false;
    const waiting = writesSettled().then(() => { settled = true; });
    await Promise.resolve();
    expect(settled).toBe(false);
    answer({ id: 41, version: 3 });
    await write;
    await waiting;
    expect(settled).toBe(true);
    expect([isEcho(event(41, 3)), isEcho(event(41, 2)), isEcho(event(41, 4)), isEcho(event(42, 1))]).toEqual([true, true, false, false]);
    wrote('patients', 43, 'gone');
    expect([isEcho(event(43, 5, 'delete')), isEcho(event(43, 6, 'restore'))]).toEqual([true, false]);
  });
});

describe('the stream', () => {
  test('sends the token, reconnects with the last id it heard, and stops on a 401 that ends the session', async () => {
    const { vi } = await import('vitest');
    const { onSessionExpired } = await import('./client');
    const { startChangeStream } = await import('./events');
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === 'id_token' ? 'tok' : null) });
    const calls: Headers[] = [];
    const answers: ((res: Response) => void)[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      calls.push(new Headers(init.headers));
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    const called = (n: number) => vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(n), { timeout: 60_000, interval: 20 });
    let expired = false;
    const off = onSessionExpired(() => { expired = true; });
    try {
      const stop = startChangeStream();
      expect(startChangeStream()).toBe(stop); // one stream per tab
      await called(1);
      expect(calls[0].get('authorization')).toBe('Bearer tok');
      expect(calls[0].has('last-event-id')).toBe(false);
      answers[0](new Response('retry: 3000\nid: ab-0\n\n: heartbeat\n\nid: ab-1\ndata: {"entity":"nothing","id":1,"version":1,"action":"update","at":"","by":null}\n\n', { headers: { 'content-type': 'text/event-stream' } }));
      await called(2); // the stream ended: it reconnects
      expect(calls[1].get('last-event-id')).toBe('ab-1');
      answers[1](Response.json({ errors: [{ message: 'expired', expired: true }] }, { status: 401 }));
      await vi.waitFor(() => expect(expired).toBe(true), { timeout: 60_000 });
      // Stopped: a new start opens a stream of its own.
      const again = startChangeStream();
      expect(again).not.toBe(stop);
      again();
    } finally {
      off();
      vi.unstubAllGlobals();
    }
  });

  test("the cache follows it: another's change invalidates what shows it, this tab's own echo does not", async () => {
    const { vi } = await import('vitest');
    const { startChangeStream } = await import('./events');
    const { ownWrite, wrote } = await import('./echoes');
    await ownWrite(() => Promise.resolve(null), () => wrote('doctor', 5, 2));
    vi.stubGlobal('localStorage', { getItem: () => 'tok' });
    const body = [event(8, 2), { ...event(5, 2), entity: 'doctor' }].map((e) => `id: x-${e.id}\ndata: ${JSON.stringify(e)}\n\n`).join('');
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })));
    const stop = startChangeStream();
    try {
      await vi.waitFor(() => expect(stale()).toContain('patient8'), { timeout: 60_000, interval: 20 });
      expect(stale()).not.toContain('doctorList');
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  });
});

import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { FLUSH_GAP_MS, FLUSH_SLICE, SseBody, SseFrame } from './sse-body';

const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);
/** A later turn of the event loop: what was written before has been handed on. */
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('a change stream body', () => {
  test('frames written together reach the client as one chunk, in order; later ones as the next', async () => {
    const body = new SseBody(1024, () => {});
    const reader = body.readable.getReader();
    body.write('id: 1\n\n');
    body.write(SseFrame.of('id: 2\n\n'));
    body.write('id: 3\n\n');
    expect(text((await reader.read()).value)).toBe('id: 1\n\nid: 2\n\nid: 3\n\n');
    body.write(': heartbeat\n\n');
    expect(text((await reader.read()).value)).toBe(': heartbeat\n\n');
  });

  test('a change told to many streams reaches each, a slice of them at a time with the event loop\'s turns between', async () => {
    const bodies = Array.from({ length: 2 * FLUSH_SLICE + 1 }, () => new SseBody(1024, () => {}));
    const arrived: (number | 'turn')[] = [];
    const read = Promise.all(bodies.map(async (b, i) => { expect(text((await b.readable.getReader().read()).value)).toBe('id: 7\n\n'); arrived.push(i); }));
    const frame = SseFrame.of('id: 7\n\n');
    // A quiet gap first (an earlier test flushed), so that the change goes out as soon as it is written.
    await new Promise((r) => setTimeout(r, FLUSH_GAP_MS));
    for (const b of bodies) b.write(frame);
    setImmediate(() => arrived.push('turn'));
    await read;
    const ids = [...bodies.keys()];
    expect(arrived).toEqual([...ids.slice(0, FLUSH_SLICE), 'turn', ...ids.slice(FLUSH_SLICE)]);
  });

  test('frames written within the gap after a flush wait for its end and go out together, as one write', async () => {
    // The clock stands still but for the test's steps: a slow machine cannot stretch a step past the gap.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    try {
      const body = new SseBody(1024, () => {});
      const reader = body.readable.getReader();
      body.write('id: 1\n\n');
      // Goes out now, or at the end of a gap left by an earlier test's flush (its clock was the real one).
      await nextTurn();
      vi.runOnlyPendingTimers();
      expect(text((await reader.read()).value)).toBe('id: 1\n\n');
      body.write('id: 2\n\n');
      await nextTurn();
      body.write('id: 3\n\n');
      await nextTurn();
      expect(body.pending).toBe(true);
      vi.advanceTimersByTime(FLUSH_GAP_MS - 1);
      await nextTurn();
      expect(body.pending).toBe(true);
      vi.advanceTimersByTime(1);
      expect(text((await reader.read()).value)).toBe('id: 2\n\nid: 3\n\n');
      // After a quiet gap, the next frame goes out at once again.
      vi.advanceTimersByTime(FLUSH_GAP_MS);
      body.write('id: 4\n\n');
      await nextTurn();
      expect(body.pending).toBe(false);
      expect(text((await reader.read()).value)).toBe('id: 4\n\n');
    } finally {
      vi.useRealTimers();
    }
  });

  test('streams are flushed apart: each gets only its own frames', async () => {
    const a = new SseBody(1024, () => {});
    const b = new SseBody(1024, () => {});
    a.write('id: a\n\n');
    b.write('id: b\n\n');
    expect(text((await a.readable.getReader().read()).value)).toBe('id: a\n\n');
    expect(text((await b.readable.getReader().read()).value)).toBe('id: b\n\n');
  });

  test('a client that stops reading ends its stream once more than the limit is unread', async () => {
    let ends = 0;
    const body = new SseBody(100, () => ends++);
    const frame = `data: ${'x'.repeat(40)}\n\n`; // 48 bytes
    body.write(frame);
    await until(() => !body.pending, 'the first flush');
    body.write(frame);
    await until(() => !body.pending, 'the second flush');
    expect(body.closed).toBe(false);
    body.write(frame);
    await until(() => !body.pending, 'the third flush');
    expect(body.closed).toBe(true);
    expect(ends).toBe(1);
    // What was queued before the limit is still read, then the stream is done; a write after the end is dropped.
    body.write(frame);
    const reader = body.readable.getReader();
    expect(text((await reader.read()).value)).toBe(frame);
    expect(text((await reader.read()).value)).toBe(frame);
    expect((await reader.read()).done).toBe(true);
    expect(ends).toBe(1);
  });

  test('close sends what was written, then ends; a client that cancels ends it too', async () => {
    let ends = 0;
    const body = new SseBody(1024, () => ends++);
    body.write('id: 1\n\n');
    body.close();
    const reader = body.readable.getReader();
    expect(text((await reader.read()).value)).toBe('id: 1\n\n');
    expect((await reader.read()).done).toBe(true);
    expect(ends).toBe(1);

    const cancelled = new SseBody(1024, () => ends++);
    await cancelled.readable.cancel();
    expect(cancelled.closed).toBe(true);
    expect(ends).toBe(2);
  });
});

/** A Node server (as main.ts serves the console) whose one route answers with a fresh SseBody, handed to the test. */
async function served(maxQueuedBytes: number) {
  let ends = 0;
  const bodies: SseBody[] = [];
  const app = new Hono();
  app.get('/', (c) => {
    const body = new SseBody(maxQueuedBytes, () => ends++, (c.env as { outgoing: ServerResponse }).outgoing);
    // Written before Hono has the answer: it waits for the head, then goes first.
    body.write('retry: 3000\n\n');
    bodies.push(body);
    return c.body(body.readable, 200, { 'Content-Type': 'text/event-stream' });
  });
  const server = await new Promise<ServerType>((resolve) => { const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s)); });
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  /** Opens the stream; its body as Node's HTTP client reads it (which refuses a malformed chunked body). */
  const open = () => new Promise<{ res: http.IncomingMessage; text: () => string; ended: Promise<void>; body: SseBody }>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      // A client that leaves (or a server closed after the test) aborts the response: no failure of its own.
      res.on('error', () => {});
      const ended = new Promise<void>((done) => { res.on('end', done); });
      resolve({ res, text: () => text, ended, body: bodies[bodies.length - 1] });
    }).on('error', reject);
  });
  return { open, ends: () => ends };
}

const servers: ServerType[] = [];
afterEach(async () => {
  for (const s of servers.splice(0) as http.Server[]) await new Promise((r) => { s.closeAllConnections(); s.close(r); });
});

/** Waits for `done` (each later turn of the event loop), failing after a guard against a hang. */
async function until(done: () => boolean, what: string) {
  const give = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > give) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('a change stream body on the Node server', () => {
  test('frames go straight onto the socket as chunks of the response, in order, shared between streams', async () => {
    const { open } = await served(64 * 1024);
    const a = await open();
    const b = await open();
    expect(a.res.headers['content-type']).toBe('text/event-stream');
    expect(a.res.headers['transfer-encoding']).toBe('chunked');
    await until(() => a.text() === 'retry: 3000\n\n' && b.text() === 'retry: 3000\n\n', 'the first frame');
    expect(a.body.direct).toBe(true);
    const shared = SseFrame.of('id: 1\ndata: {"entity":"speciality"}\n\n');
    a.body.write(shared);
    b.body.write(shared);
    a.body.write(': heartbeat\n\n');
    a.body.write(SseFrame.of(`data: ${'é'.repeat(300)}\n\n`));
    await until(() => a.text().includes('é'.repeat(300)), 'the frames');
    expect(a.text()).toBe(`retry: 3000\n\nid: 1\ndata: {"entity":"speciality"}\n\n: heartbeat\n\ndata: ${'é'.repeat(300)}\n\n`);
    await until(() => b.text().includes('id: 1'), 'the shared frame');
    expect(b.text()).toBe('retry: 3000\n\nid: 1\ndata: {"entity":"speciality"}\n\n');
  });

  test('close sends what was written and ends the response; a client gone ends its stream', async () => {
    const { open, ends } = await served(64 * 1024);
    const a = await open();
    await until(() => a.body.direct, 'the socket');
    a.body.write('id: 9\n\n');
    a.body.close();
    await a.ended;
    expect(a.text()).toBe('retry: 3000\n\nid: 9\n\n');
    expect(ends()).toBe(1);

    const b = await open();
    await until(() => b.body.direct, 'the socket');
    b.res.destroy();
    await until(() => b.body.closed, 'the end of a stream whose client left');
    expect(ends()).toBe(2);
  });

  test('a client that stops reading ends its stream once more than the limit waits on the socket', async () => {
    const { open, ends } = await served(256 * 1024);
    const a = await open();
    await until(() => a.body.direct, 'the socket');
    a.res.pause();
    // The system's socket buffers take some megabytes first; the guard stops the test short of a runaway.
    const frame = SseFrame.of(`data: ${'x'.repeat(64 * 1024)}\n\n`);
    for (let i = 0; i < 2000 && !a.body.closed; i++) {
      a.body.write(frame);
      await until(() => !a.body.pending, 'the flush');
    }
    expect(a.body.closed).toBe(true);
    expect(ends()).toBe(1);
  });
});

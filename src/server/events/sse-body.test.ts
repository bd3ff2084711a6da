import { describe, expect, test } from 'vitest';
import { SseBody } from './sse-body';

const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);
/** A later turn of the event loop: what was written before has been handed on. */
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('a change stream body', () => {
  test('frames written together reach the client as one chunk, in order; later ones as the next', async () => {
    const body = new SseBody(1024, () => {});
    const reader = body.readable.getReader();
    body.write('id: 1\n\n');
    body.write(new TextEncoder().encode('id: 2\n\n'));
    body.write('id: 3\n\n');
    expect(text((await reader.read()).value)).toBe('id: 1\n\nid: 2\n\nid: 3\n\n');
    body.write(': heartbeat\n\n');
    expect(text((await reader.read()).value)).toBe(': heartbeat\n\n');
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
    await nextTurn();
    body.write(frame);
    await nextTurn();
    expect(body.closed).toBe(false);
    body.write(frame);
    await nextTurn();
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

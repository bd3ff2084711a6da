import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * One SSE block (ending in a blank line), made once for every stream it goes to: its bytes, and the same bytes framed
 * as one HTTP/1.1 chunk (`<length in hex>\r\n<bytes>\r\n`), made on first use and shared by every socket it is written to.
 */
export class SseFrame {
  private framed: Buffer | undefined;
  constructor(readonly bytes: Buffer) {}
  static of(text: string) { return new SseFrame(Buffer.from(text)); }
  get chunk(): Buffer {
    return (this.framed ??= Buffer.concat([Buffer.from(`${this.bytes.length.toString(16)}\r\n`, 'latin1'), this.bytes, CRLF]));
  }
}

const CRLF = Buffer.from('\r\n', 'latin1');

/**
 * The body of one change stream, written to without awaiting anything. What is written together (a change told to
 * every stream, several changes heard at once, a replay) goes out as one write per stream, at one flush shared by
 * every stream of the process once the code that wrote is done (FLUSH_SLICE streams at a time), or, when the last
 * flush was less than FLUSH_GAP_MS ago, at the end of that gap, with whatever else was written meanwhile.
 *
 * Where it goes: served by Node over HTTP/1.1 (`response`, from @hono/node-server), straight onto the response's
 * socket once its head is out, each frame already framed as a chunk of the response's chunked body: one system call
 * per stream and flush, and no web stream, promise or tick per frame. The `readable` handed to Hono stays empty until
 * the end, when closing it makes Hono end the response (its last, empty chunk). Anywhere else (app.request in tests,
 * another runtime, a response not chunked), the frames are queued on `readable`.
 *
 * A client that stops reading leaves its bytes queued (on the socket, or on `readable`); past `maxQueuedBytes` its
 * stream ends and the client reconnects (with Last-Event-ID).
 */
export class SseBody {
  readonly readable: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private parts: SseFrame[] = [];
  private partsBytes = 0;
  private ended = false;
  /** Where flushes go: undecided (frames wait) until Hono has sent the response's head, then the socket or the web stream. */
  private sink: 'undecided' | 'web' | Socket;

  /** `onEnd`: called once, however the stream ends (closed here, cancelled by the client, or overflowing). */
  constructor(private readonly maxQueuedBytes: number, private readonly onEnd: () => void, private readonly response?: ServerResponse) {
    this.sink = response ? 'undecided' : 'web';
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => { this.controller = controller; },
        // Hono's first read comes before it writes the head, and the head goes out in the same run of code: by the
        // next turn of the event loop it is out, and the socket can be written to.
        pull: () => { if (this.sink === 'undecided') setImmediate(() => this.decide()); },
        cancel: () => this.finish(false),
      },
      // Nothing is read ahead: desiredSize is minus the bytes written and not yet taken by the client.
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
  }

  get closed() { return this.ended; }

  /** Whether frames go straight onto the socket (the Node server's response), not through `readable`. */
  get direct() { return typeof this.sink === 'object'; }

  /** Queues a frame (an SSE block, ending in a blank line): sent at its stream's next flush, with the others written meanwhile. */
  write(frame: SseFrame | string) {
    if (this.ended) return;
    const f = typeof frame === 'string' ? SseFrame.of(frame) : frame;
    this.parts.push(f);
    this.partsBytes += f.bytes.length;
    if (this.sink === 'undecided' && this.partsBytes > this.maxQueuedBytes) { this.finish(true); return; }
    if (this.parts.length === 1) schedule(this);
  }

  /** Whether frames wait for the next flush. */
  get pending() { return !this.ended && this.parts.length > 0; }

  /** Hands the frames written since the last flush to the client as one write. */
  flush() {
    if (this.ended || !this.parts.length || this.sink === 'undecided') return;
    const parts = this.parts;
    this.parts = [];
    this.partsBytes = 0;
    if (this.sink === 'web') {
      const chunk = parts.length === 1 ? parts[0].bytes : Buffer.concat(parts.map((p) => p.bytes));
      if (-(this.controller.desiredSize ?? 0) + chunk.byteLength > this.maxQueuedBytes) { this.finish(true); return; }
      this.controller.enqueue(chunk);
      return;
    }
    const socket = this.sink;
    if (socket.destroyed || !socket.writable) { this.finish(false); return; }
    const chunk = parts.length === 1 ? parts[0].chunk : Buffer.concat(parts.map((p) => p.chunk));
    if (socket.writableLength + chunk.byteLength > this.maxQueuedBytes) { this.finish(true); return; }
    socket.write(chunk);
  }

  /** Sends what is written and ends the stream. */
  close() {
    this.flush();
    this.finish(true);
  }

  /**
   * After Hono's first read: the socket when the head is out on a chunked HTTP/1.1 response and the response holds
   * nothing back (its writableLength is the socket's own); else the web stream, as anywhere else.
   */
  private decide() {
    if (this.ended || this.sink !== 'undecided') return;
    const res = this.response!;
    const socket = res.socket;
    const ready = res.headersSent && res.chunkedEncoding && !res.writableEnded && !!socket && !socket.destroyed && socket.writable
      && res.writableLength === socket.writableLength;
    this.sink = ready ? socket : 'web';
    this.flush();
  }

  private finish(closeReadable: boolean) {
    if (this.ended) return;
    this.ended = true;
    this.parts = [];
    this.partsBytes = 0;
    if (closeReadable) {
      try { this.controller.close(); } catch { /* already cancelled by the client */ }
    }
    this.onEnd();
  }
}

/** Bodies with frames waiting, flushed together once the code that wrote them is done. */
const waiting = new Set<SseBody>();
let scheduled = false;
let lastFlushAt = -Infinity;

/**
 * Bodies flushed in one run of code before the event loop gets a turn. A change told to hundreds of streams is as
 * many socket writes; made in one run, they would hold every request that came meanwhile until the last was written.
 * The streams past the first slice get theirs a turn later each.
 */
export const FLUSH_SLICE = 32;

/**
 * The least time from one flush of the process's streams to the next. A change goes to each stream entitled to it as
 * a socket write, and at a few hundred changes a second, a flush a change would be much of the process's work (the
 * write, on every stream). The first change after a quiet spell goes out as soon as the code that wrote it is done;
 * those written within the gap after a flush go out together at its end, one write a stream for all of them. A change
 * waits at most the gap, and the turn a busy event loop takes to come to its timer. (bench `--fanout`: the delivery
 * times, and the load mix with the streams open or not.)
 */
export const FLUSH_GAP_MS = 100;

function schedule(body: SseBody) {
  waiting.add(body);
  if (scheduled) return;
  scheduled = true;
  const wait = lastFlushAt + FLUSH_GAP_MS - performance.now();
  if (wait > 0) setTimeout(flushWaiting, wait);
  else queueMicrotask(flushWaiting);
}

function flushWaiting() {
  scheduled = false;
  lastFlushAt = performance.now();
  const now = [...waiting];
  waiting.clear();
  flushFrom(now, 0);
}

/** Flushes `bodies` from `from`, FLUSH_SLICE of them, then the rest at the event loop's next turn. */
function flushFrom(bodies: SseBody[], from: number) {
  const end = Math.min(bodies.length, from + FLUSH_SLICE);
  for (let i = from; i < end; i++) bodies[i].flush();
  if (end < bodies.length) setImmediate(() => flushFrom(bodies, end));
}

/**
 * The body of one change stream: a ReadableStream that the route writes frames to without awaiting anything (each
 * frame an enqueue, not a chain of web streams and promises). What is written together (a change told to every
 * stream, several changes heard at once, a replay) is handed on as one chunk per stream, at one flush shared by every
 * stream of the process once the code that wrote is done. Never later than that: on a busy process the event loop's
 * next turn, or a timer, can be many requests away, so gathering changes over time for fewer socket writes would
 * make them late. A client that stops reading leaves its bytes queued here; past `maxQueuedBytes` its stream ends
 * and the client reconnects (with Last-Event-ID).
 */
export class SseBody {
  readonly readable: ReadableStream<Uint8Array>;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private parts: Uint8Array[] = [];
  private ended = false;

  /** `onEnd`: called once, however the stream ends (closed here, cancelled by the client, or overflowing). */
  constructor(private readonly maxQueuedBytes: number, private readonly onEnd: () => void) {
    this.readable = new ReadableStream<Uint8Array>(
      {
        start: (controller) => { this.controller = controller; },
        cancel: () => this.finish(false),
      },
      // Nothing is read ahead: desiredSize is minus the bytes written and not yet taken by the client.
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
  }

  get closed() { return this.ended; }

  /** Queues a frame (an SSE block, ending in a blank line): sent at its stream's next flush, with the others written meanwhile. */
  write(frame: Uint8Array | string) {
    if (this.ended) return;
    this.parts.push(typeof frame === 'string' ? encoder.encode(frame) : frame);
    if (this.parts.length === 1) schedule(this);
  }

  /** Hands the frames written since the last flush to the client as one chunk. */
  flush() {
    if (this.ended || !this.parts.length) return;
    const chunk = this.parts.length === 1 ? this.parts[0] : joined(this.parts);
    this.parts = [];
    if (-(this.controller.desiredSize ?? 0) + chunk.byteLength > this.maxQueuedBytes) { this.finish(true); return; }
    this.controller.enqueue(chunk);
  }

  /** Sends what is written and ends the stream. */
  close() {
    this.flush();
    this.finish(true);
  }

  private finish(closeReadable: boolean) {
    if (this.ended) return;
    this.ended = true;
    this.parts = [];
    if (closeReadable) {
      try { this.controller.close(); } catch { /* already cancelled by the client */ }
    }
    this.onEnd();
  }
}

const encoder = new TextEncoder();

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.byteLength; }
  return out;
}

/** Bodies with frames waiting, flushed together once the code that wrote them is done. */
const waiting = new Set<SseBody>();
let scheduled = false;

function schedule(body: SseBody) {
  waiting.add(body);
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    const now = [...waiting];
    waiting.clear();
    for (const b of now) b.flush();
  });
}

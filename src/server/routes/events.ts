import type { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { authenticate } from '../auth/sessions';
import type { Database } from '../db/connection';
import { fail, HttpError, type AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';
import { logger } from '../ops/logger';
import { trackStream } from '../ops/streams';
import { actorName, forgetActor, knownActorName } from '../events/actor-names';
import { eventOf, hubOf, mayHear, type Subscriber } from '../events/hub';
import type { Change, Presence } from '../events/notices';
import { SseBody, SseFrame } from '../events/sse-body';

/**
 * A change's event as its subscribers are sent it, the SSE frame's bytes made once per change however many streams
 * are told (the hub hands every subscriber of the process the same change object, with the same id), and forgotten
 * with the change. Made at once when the writer's name is known (nearly always), so that a stream with nothing queued
 * writes it straight away; else once that name is read. JSON holds no line break, so the data is one `data:` line.
 */
const frames = new WeakMap<Change, SseFrame | Promise<SseFrame>>();
function eventFrame(db: Parameters<typeof actorName>[0], id: string, change: Change): SseFrame | Promise<SseFrame> {
  let frame = frames.get(change);
  if (!frame) {
    const encode = (byName: string | null) => SseFrame.of(`id: ${id}\ndata: ${JSON.stringify({ ...eventOf(change), byName })}\n\n`);
    const known = knownActorName(db, change.by);
    frame = known !== undefined ? encode(known) : actorName(db, change.by).then((byName) => {
      const bytes = encode(byName);
      frames.set(change, bytes);
      return bytes;
    });
    frames.set(change, frame);
  }
  return frame;
}

/** The comment line that keeps a quiet stream open, one frame for every stream. */
const HEARTBEAT = SseFrame.of(': heartbeat\n\n');

/** Tasks queued on one stream (changes whose frame is being made, checks of its session) before it ends. */
const MAX_PENDING = 1000;
/** Bytes written to one stream and not yet taken by its client; past it the stream ends and the client reconnects. */
const MAX_UNREAD_BYTES = 256 * 1024;

describeCalls({
  'GET /api/events': {
    summary: 'The change stream (server-sent events): changes to the records the caller may read, presence, and the ends of their sessions; Last-Event-ID resumes it',
    ok: { status: 200, type: 'text/event-stream' }, refuses: [503],
  },
});

/**
 * `GET /api/events`: the change stream (Server-Sent Events), authenticated like every call (the API's middleware has
 * already checked the bearer token). Each change the caller may read, once committed, as
 * `id: <process>-<seq>` and `data: {entity, id, version, action, at, by, byName}`; others' presence on records as
 * `event: presence` (routes/presence.ts); a comment line every heartbeat; with
 * `Last-Event-ID`, first what was missed, or `event: resync` when that cannot be told. The stream ends when its
 * session does: a sign-out, a password change or a disabled account is heard at once (events/notices.ts), an idle
 * or expired session at the next heartbeat, which checks it without keeping it alive.
 */
export function eventRoutes(database: Pick<Database, 'listen'> | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/events', async (c) => {
    if (!database) throw fail(503, 'The change stream is not available here', { code: 'no_events' });
    const config = c.get('config');
    const db = c.get('db');
    const header = c.req.header('authorization');
    const me = c.get('user');
    const hub = hubOf(database, { bufferSize: config.eventsBuffer });
    await hub.start();
    const lastEventId = c.req.header('last-event-id');
    let ended = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let unsubscribe: (() => void) | undefined;
    let untrack: (() => void) | undefined;
    // Everything that ends the stream (its client gone, its session ended, a shutdown, a client not reading) comes here.
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe?.();
      untrack?.();
      body.close();
    };
    // On the Node server, the response itself: frames go straight onto its socket (sse-body.ts).
    const body = new SseBody(MAX_UNREAD_BYTES, end, (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing);
    // One queue per stream, never awaited by the hub, for what cannot be written at once: a change whose frame is
    // still being made, and the checks of the session, in order with the changes around them. While it holds
    // anything, every change waits its turn in it, so that the stream keeps the hub's order.
    let pending = 0;
    let chain = Promise.resolve();
    const queue = (task: () => Promise<unknown> | void) => {
      if (ended) return;
      if (++pending > MAX_PENDING) { end(); return; }
      chain = chain.then(async () => { if (!ended) await task(); }).catch(() => end()).finally(() => { pending--; });
    };
    const who = { role: me.role, centres: me.centres, userId: me.id };
    let rechecking = false;
    const sub: Subscriber = {
      userId: me.id,
      offer: (id: string, change: Change) => {
        if (change.entity === 'admin-user') forgetActor(db, change.id);
        // With nothing queued (no recheck of the session under way, so `who` is current) the filter is settled here,
        // and the frame, when it is made already, written at once: no task, no promise, for each stream and change.
        if (pending === 0) {
          if (!mayHear(who, change)) return;
          const frame = eventFrame(db, id, change);
          if (frame instanceof SseFrame) { body.write(frame); return; }
        }
        queue(async () => {
          if (mayHear(who, change)) body.write(await eventFrame(db, id, change));
        });
      },
      // Others' presence only (the user's other tabs are theirs to know), without an id: a reconnect never replays it.
      presence: (p: Presence) => {
        if (p.user === me.id || (pending === 0 && !mayHear(who, p))) return;
        const frame = () => `event: presence\ndata: ${JSON.stringify({ entity: p.entity, id: p.id, user: p.user, name: p.name, mode: p.mode })}\n\n`;
        if (pending === 0) body.write(frame());
        else queue(() => { if (mayHear(who, p)) body.write(frame()); });
      },
      resync: () => {
        const id = hub.lastId;
        const frame = `event: resync\ndata: {}\nid: ${id}\n\n`;
        if (pending === 0) body.write(frame);
        else queue(() => body.write(frame));
      },
      // The session as it stands, read without touching it: gone, the stream ends; changed, the filter follows it.
      recheck: () => {
        if (rechecking) return;
        rechecking = true;
        queue(async () => {
          rechecking = false;
          try {
            const u = await authenticate(db, config, header, { touch: false });
            who.role = u.role;
            who.centres = u.centres;
          } catch (err) {
            if (!(err instanceof HttpError)) logger.warn({ requestId: c.get('requestId') }, 'change stream: the session could not be checked');
            end();
          }
        });
      },
    };
    untrack = trackStream(() => end());
    // The id of where this stream starts, so that a reconnect without any event yet still knows where it was.
    if (lastEventId === undefined) body.write(`retry: 3000\nid: ${hub.lastId}\n\n`);
    heartbeat = setInterval(() => {
      if (pending === 0) body.write(HEARTBEAT);
      else queue(() => body.write(HEARTBEAT));
      sub.recheck();
    }, config.eventsHeartbeatSeconds * 1000);
    unsubscribe = hub.subscribe(sub, lastEventId);
    // A stream ended while subscribing (a replay past its limit) is not left subscribed.
    if (ended) unsubscribe();
    return c.body(body.readable, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no', // nginx: pass each event on as it comes
    });
  });
  return app;
}

import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { authenticate } from '../auth/sessions';
import type { Database } from '../db/connection';
import { fail, HttpError, type AppEnv } from '../http';
import { logger } from '../ops/logger';
import { trackStream } from '../ops/streams';
import { actorName, forgetActor } from './actor-names';
import { eventOf, hubOf, mayHear, type Subscriber } from './hub';
import type { Change, Presence } from './notices';

/**
 * A change's event as its subscribers are sent it, the SSE frame's bytes made once per change however many streams
 * are told (the hub hands every subscriber of the process the same change object, with the same id), and forgotten
 * with the change. JSON holds no line break, so the data is one `data:` line.
 */
const frames = new WeakMap<Change, Promise<Uint8Array>>();
const encoder = new TextEncoder();
function eventFrame(db: Parameters<typeof actorName>[0], id: string, change: Change): Promise<Uint8Array> {
  let frame = frames.get(change);
  if (!frame) {
    frame = actorName(db, change.by).then((byName) => encoder.encode(`id: ${id}\ndata: ${JSON.stringify({ ...eventOf(change), byName })}\n\n`));
    frames.set(change, frame);
  }
  return frame;
}

/** Events written to one stream and not yet taken by its client; past it the stream ends and the client reconnects. */
const MAX_PENDING = 1000;

/**
 * `GET /api/events`: the change stream (Server-Sent Events), authenticated like every call (the API's middleware has
 * already checked the bearer token). Each change the caller may read, once committed, as
 * `id: <process>-<seq>` and `data: {entity, id, version, action, at, by, byName}`; others' presence on records as
 * `event: presence` (events/presence.ts); a comment line every heartbeat; with
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
    c.header('X-Accel-Buffering', 'no'); // nginx: pass each event on as it comes
    return streamSSE(c, async (stream) => {
      let ended = false;
      let end!: () => void;
      const done = new Promise<void>((resolve) => { end = () => { ended = true; resolve(); }; });
      // One queue per stream, never awaited by the hub: what it writes, and the checks of its session, in order. A
      // client that stops reading fills only its own queue, and past MAX_PENDING its stream ends (it reconnects).
      let pending = 0;
      let chain = Promise.resolve();
      const queue = (task: () => Promise<unknown>) => {
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
          // Most streams may not hear most changes: with nothing queued (no recheck of the session under way, so `who`
          // is current) that is settled here, without a task in the queue for each stream and change.
          if (pending === 0 && !mayHear(who, change)) return;
          queue(async () => {
            if (!mayHear(who, change)) return;
            await stream.write(await eventFrame(db, id, change));
          });
        },
        // Others' presence only (the user's other tabs are theirs to know), without an id: a reconnect never replays it.
        presence: (p: Presence) => {
          if (p.user === me.id || (pending === 0 && !mayHear(who, p))) return;
          queue(async () => {
            if (!mayHear(who, p)) return;
            await stream.writeSSE({ event: 'presence', data: JSON.stringify({ entity: p.entity, id: p.id, user: p.user, name: p.name, mode: p.mode }) });
          });
        },
        resync: () => {
          const id = hub.lastId;
          queue(() => stream.writeSSE({ id, event: 'resync', data: '{}' }));
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
      const untrack = trackStream(() => end());
      stream.onAbort(() => end());
      // The id of where this stream starts, so that a reconnect without any event yet still knows where it was.
      const startId = hub.lastId;
      if (lastEventId === undefined) queue(() => stream.write(`retry: 3000\nid: ${startId}\n\n`));
      const unsubscribe = hub.subscribe(sub, lastEventId);
      const heartbeat = setInterval(() => {
        queue(() => stream.write(': heartbeat\n\n'));
        sub.recheck();
      }, config.eventsHeartbeatSeconds * 1000);
      try {
        await done;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        untrack();
      }
    });
  });
  return app;
}

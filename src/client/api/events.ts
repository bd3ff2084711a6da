import { entityByName, INBOX_STREAM, PRESENCE_MODES, type PresenceEvent } from '../../registry';
import { heardChange, heardPresence } from '../state/live';
import { bearer, raise } from './client';
import { isEcho, writesSettled } from './echoes';
import { refreshInboxCount } from './inbox';

/**
 * The change stream (`GET /api/events`, Server-Sent Events): what others change reaches the screens. Read with fetch
 * and a stream reader, since EventSource cannot send the Authorization header. One stream per signed-in tab
 * (startChangeStream is idempotent), started by the shell after sign-in. This module holds no query library: it marks
 * what others changed (state/live.ts), counts the inbox again, and tells its followers; the data layer follows it
 * once a screen that reads through it has loaded (query-client.ts, stream-invalidation.ts), so the first load
 * carries neither TanStack Query nor the data layer.
 */

/** One change as the server tells it: never a field's value, only which record moved and how. */
export interface ChangeEvent { entity: string; id: number; version: number | null; action: string; at: string; by: number | null; byName?: string | null }

const ADDRESS = '/api/events';

/** A reconnect waits 1 s, 2 s, 4 s… up to 30 s, each with up to a third more at random (tabs of one console apart). */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (1 + random() / 3));
}

/** One message of the stream, as the SSE format builds it from its lines. */
export interface SseMessage { id?: string; event: string; data: string }

/**
 * Parses SSE text as it arrives, a chunk at a time: `id:` lines (alone too: the server's first block names where the
 * stream starts), `event:`, `data:`, comment lines (the heartbeat) ignored, a blank line ends a message.
 */
export function sseParser(onMessage: (m: SseMessage) => void, onId: (id: string) => void) {
  let buf = '';
  let msg: SseMessage = { event: 'message', data: '' };
  let hasData = false;
  return (chunk: string) => {
    buf += chunk;
    let nl: number;
    while ((nl = buf.search(/\r\n|\r|\n/)) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + (buf.startsWith('\r\n', nl) ? 2 : 1));
      if (line === '') {
        if (hasData) onMessage(msg);
        msg = { event: 'message', data: '' };
        hasData = false;
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') { msg.id = value; onId(value); }
      else if (field === 'event') msg.event = value;
      else if (field === 'data') { msg.data = hasData ? `${msg.data}\n${value}` : value; hasData = true; }
    }
  };
}

/** What the stream tells its followers: changes others made (this tab's own echoes left out), or that some were missed. */
export type StreamNews = { resync: true } | { resync?: false; changes: readonly ChangeEvent[] };

const followers = new Set<(news: StreamNews) => void>();

/** Follows the stream (the data layer's cache does, once loaded); the returned function stops following. */
export function followChanges(follower: (news: StreamNews) => void): () => void {
  followers.add(follower);
  return () => { followers.delete(follower); };
}

const tell = (news: StreamNews) => { for (const f of followers) f(news); };

/** A change others made, as the stream's own concerns take it: the inbox's badge, the marks the screens show. */
function heard(e: ChangeEvent) {
  // The user's inbox changed (an item added, read or archived, perhaps in another tab): its badge counts again.
  if (e.entity === INBOX_STREAM) {
    refreshInboxCount();
    return;
  }
  // For the screens to say so: a row marked, a form's "Changed by … just now", a list's note of a delete.
  if (entityByName(e.entity)) heardChange(e.entity, e.id, { action: e.action, version: e.version, by: e.by, byName: e.byName ?? null });
}

/** Changes come in bursts (a bulk move, a booking and its appointment): gathered for a moment, each key invalidated once. */
const GATHER_MS = 150;

let running: { stop: () => void } | null = null;

/** Starts this tab's stream (once); the returned function stops it (sign-out, the shell unmounted). */
export function startChangeStream(): () => void {
  if (running) return running.stop;
  let stopped = false;
  let controller: AbortController | null = null;
  let lastId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gathered = new Map<string, ChangeEvent>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    // This tab's writes under way first: their answers name the changes the stream will only echo.
    await writesSettled();
    flushTimer = undefined;
    const batch = [...gathered.values()];
    gathered = new Map();
    if (stopped) return;
    const changes = batch.filter((e) => !isEcho(e));
    if (!changes.length) return;
    tell({ changes });
    for (const e of changes) heard(e);
  };
  const onMessage = (m: SseMessage) => {
    if (m.event === 'resync') {
      // Changes were missed: everything in view reads itself again.
      gathered = new Map();
      tell({ resync: true });
      refreshInboxCount();
      return;
    }
    if (m.event === 'presence') {
      let p: PresenceEvent;
      try { p = JSON.parse(m.data) as PresenceEvent; } catch { return; }
      if (typeof p?.entity === 'string' && typeof p.id === 'number' && typeof p.user === 'number' && typeof p.name === 'string' && PRESENCE_MODES.includes(p.mode)) heardPresence(p);
      return;
    }
    if (m.event !== 'message') return;
    let e: ChangeEvent;
    try { e = JSON.parse(m.data) as ChangeEvent; } catch { return; }
    if (typeof e?.entity !== 'string' || typeof e.id !== 'number') return;
    const key = `${e.entity}:${e.id}`;
    const before = gathered.get(key);
    // The later change of a record wins, and a delete is never forgotten behind it.
    gathered.set(key, before?.action === 'delete' ? before : e);
    flushTimer ??= setTimeout(() => void flush(), GATHER_MS);
  };

  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    controller = new AbortController();
    let heard = false;
    try {
      const res = await fetch(ADDRESS, {
        headers: { ...bearer(), Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (res.status === 401 || res.status === 403) {
        // The session is over: api/session.ts signs out on an expired one (client.ts); nothing to reconnect to.
        const body = (await res.json().catch(() => null)) as { errors?: [] } | null;
        raise(res.status, body?.errors);
        return stop();
      }
      if (!res.ok || !res.body) throw new Error(`change stream: ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      const parse = sseParser(onMessage, (id) => { lastId = id; heard = true; });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // A network failure or a stream cut: reconnect below, unless stopped.
    }
    if (stopped) return;
    // A stream that was open and ended (a restart, a proxy's timeout, a session ended) is tried again at once; one
    // that could not open waits longer each time.
    const next = heard ? 0 : attempt + 1;
    timer = setTimeout(() => void connect(next), heard ? backoffMs(0) / 2 : backoffMs(attempt));
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(flushTimer);
    controller?.abort();
    // Only this stream's own registration: a stream of the user signed in since must not be forgotten.
    if (running?.stop === stop) running = null;
  };
  running = { stop };
  void connect(0);
  return stop;
}

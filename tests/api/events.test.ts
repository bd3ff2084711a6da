import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { canReadRecord, CENTRE_SCOPED_ROLES, ENTITIES, getEntity, ROLES, type Role } from '../../src/registry';
import { createApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions';
import { writeEntries } from '../../src/server/audit/audit';
import { centreOf } from '../../src/server/records/scope';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { publishChanges } from '../../src/server/events/notices';
import { setupApi, type Who } from './harness';

/**
 * The change stream (GET /api/events, issue 20 §2): each committed write is told to the subscribers who may read its
 * record, by role and by centre, never before its commit and never when it rolls back; a reconnect is given what it
 * missed or told to read everything again; the stream ends with its session. A heartbeat of half a second and a
 * buffer of five changes make the paths short; every wait below is for an event, guarded only against a hang.
 */
const api = setupApi({ env: { EVENTS_HEARTBEAT_SECONDS: '0.5', EVENTS_BUFFER: '5' } });

interface Sse { id?: string; event: string; data: string; json?: Record<string, unknown> }

/** One open stream, read as it comes: its events in order, its comment lines, and whether it ended. */
class Stream {
  events: Sse[] = [];
  comments = 0;
  ended = false;
  lastId?: string;
  private waiters = new Set<() => void>();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(readonly res: Response) {
    this.reader = res.body!.getReader();
    void this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          this.take(buf.slice(0, cut));
          buf = buf.slice(cut + 2);
        }
        this.wake();
      }
    } catch {
      // cancelled by the test
    }
    this.ended = true;
    this.wake();
  }

  private take(block: string) {
    const msg: Sse = { event: 'message', data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) { this.comments++; continue; }
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'id') { msg.id = value; this.lastId = value; }
      if (field === 'event') msg.event = value;
      if (field === 'data') { msg.data += value; hasData = true; }
    }
    if (!hasData) return;
    try { msg.json = JSON.parse(msg.data); } catch { /* not JSON */ }
    this.events.push(msg);
  }

  private wake() { for (const w of this.waiters) w(); }

  /** Resolves once `ok` holds; a hang fails after a generous guard (not a timing assertion). */
  until(ok: () => boolean, what: string, guardMs = 120_000): Promise<void> {
    if (ok()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!ok()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => { this.waiters.delete(check); reject(new Error(`stream: no ${what}; heard ${JSON.stringify(this.events.map((e) => e.json ?? e.event))}`)); }, guardMs);
      this.waiters.add(check);
    });
  }

  /** The first event after `from` (an index into events) that `match` accepts. */
  async next(match: (e: Sse) => boolean, what: string, from = 0): Promise<Sse> {
    await this.until(() => this.events.slice(from).some(match), what);
    return this.events.slice(from).find(match)!;
  }

  changes() { return this.events.filter((e) => e.event === 'message').map((e) => e.json!); }

  async close() { await this.reader.cancel().catch(() => {}); }
}

const streams: Stream[] = [];
afterAll(async () => { for (const s of streams) await s.close(); });

function tokenOf(who: Who): string | undefined {
  return who === 'anonymous' ? undefined : typeof who === 'string' ? api.tokens[who] : who.token;
}

async function open(who: Who, lastEventId?: string, app = api.app): Promise<Stream> {
  const token = tokenOf(who);
  const res = await app.request('/api/events', { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.headers.get('x-accel-buffering')).toBe('no');
  const s = new Stream(res);
  streams.push(s);
  // The first block names where the stream starts: once it is here, the stream is subscribed.
  await s.until(() => s.lastId !== undefined || s.events.length > 0, 'start');
  return s;
}

/** A change told to every subscriber who may read doctors (every role may): a marker that what came before has arrived. */
let markers = 0;
async function marker(): Promise<number> {
  const id = 900_000_000 + ++markers;
  await api.db.transaction().execute((tx) => publishChanges(tx, [{ entity: 'doctor', id, version: 1, action: 'update', by: null, centre: null }]));
  return id;
}
/** A demo account's name as the stream says who changed something ("Asha Rao"). */
async function nameOf(role: Role): Promise<string> {
  const u = (await sql<{ name: string }>`select concat_ws(' ', first_name, last_name) as name from admin_user where id = ${api.userIds[role]}`.execute(api.db)).rows[0];
  return u.name.trim();
}

const isMarker = (id: number) => (e: Sse) => e.json?.entity === 'doctor' && e.json?.id === id;

describe('GET /api/events', () => {
  test('answers 401 without a session, and with an ended one', async () => {
    const res = await api.app.request('/api/events');
    expect(res.status).toBe(401);
    const token = await api.newSession('admin');
    expect((await api.call({ token }, 'POST', '/api/adminUser/logout')).status).toBe(200);
    const again = await api.app.request('/api/events', { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(401);
    expect((await again.json()).errors[0].expired).toBe(true);
  });

  test('tells a create, an update and a transition by another user, after each commit, with no field values', async () => {
    const s = await open('superadmin');
    const def = getEntity('speciality');
    const created = await api.call('admin', 'POST', `/api/${def.api}`, await api.payload(def));
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const c = await s.next((e) => e.json?.entity === 'speciality' && e.json?.id === id, 'create');
    expect(c.json).toEqual({ entity: 'speciality', id, version: 1, action: 'create', at: expect.any(String), by: api.userIds.admin, byName: await nameOf('admin') });
    expect(Number.isNaN(Date.parse(String(c.json!.at)))).toBe(false);
    expect(c.id).toMatch(/^[0-9a-f]+-\d+$/);

    const from = s.events.length;
    const updated = await api.call('admin', 'PUT', `/api/${def.api}/${id}`, { ...(await api.payload(def)), version: 1 });
    expect(updated.status).toBe(200);
    const u = await s.next((e) => e.json?.id === id && e.json?.action === 'update', 'update', from);
    expect(u.json).toMatchObject({ entity: 'speciality', id, version: 2, by: api.userIds.admin });
    expect(Object.keys(u.json!).sort()).toEqual(['action', 'at', 'by', 'byName', 'entity', 'id', 'version']);

    const appointment = getEntity('appointments');
    const t = await api.insert(appointment);
    // Its day has come: an appointment is completed on its day or after (move-times.test.ts).
    await sql`update appointment set scheduled_at = now() - interval '1 hour' where id = ${Number(t!.id)}`.execute(api.db);
    const moved = await api.call('admin', 'POST', `/api/${appointment.api}/${t!.id}/transition`, { to: 'completed', version: t!.version });
    expect(moved.status).toBe(200);
    const m = await s.next((e) => e.json?.entity === 'appointments' && e.json?.id === t!.id && e.json?.action !== 'create', 'transition');
    expect(m.json).toMatchObject({ action: 'transition:complete', version: moved.body.data.version, by: api.userIds.admin });

    // Ids grow with each event.
    const seqs = s.events.filter((e) => e.id).map((e) => Number(e.id!.split('-')[1]));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  test('sends heartbeat comment lines', async () => {
    const s = await open('railway');
    const seen = s.comments;
    await s.until(() => s.comments > seen, 'heartbeat');
  });

  test('tells nothing of a write that rolls back', async () => {
    const s = await open('superadmin');
    const def = getEntity('speciality');
    await expect(api.db.transaction().execute(async (tx) => {
      await writeEntries(tx, [{ actor: { id: api.userIds.admin }, entity: def.name, recordId: 777_777_777, action: 'update', version: 3 }]);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    // A write refused after its checks (a stale version) is not told either.
    const rec = await api.insert(def);
    expect((await api.call('admin', 'PUT', `/api/${def.api}/${rec!.id}`, { ...(await api.payload(def)), version: 99 })).status).toBe(409);
    const id = await marker();
    await s.next(isMarker(id), 'marker');
    expect(s.changes().filter((c) => c.id === 777_777_777 || (c.id === rec!.id && c.action === 'update'))).toEqual([]);
  });

  test('each role hears of exactly the records it may read: every entity, at its centre and at another', async () => {
    const fmc = getEntity('fmc');
    const other = Number((await createRecord(api.db, fmc, await api.anyPayload(fmc), { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);
    const roles = ROLES.filter((r) => api.tokens[r]);
    const heard = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await open(r)] as const))) as Record<Role, Stream>;
    const expected: Record<string, Record<string, boolean>> = {};
    let fake = 800_000_000;
    for (const def of ENTITIES) {
      // A record of the entity at the scoped roles' home centre (the harness puts scoped records there): heard
      // exactly by the roles whose GET of it answers 200.
      // (A centre made here would join the scoped accounts' centres behind their streams' backs: their home centre.)
      const rec = def.scope === 'id' ? { id: api.homeCentre, version: 1 } : await api.insert(def).catch(() => undefined);
      if (rec) {
        await api.db.transaction().execute((tx) => publishChanges(tx, [{ entity: def.name, id: Number(rec.id), version: Number(rec.version ?? 1), action: 'update', by: null, centre: centreOf(def, rec) }]));
        for (const r of roles) {
          const read = await api.call(r, 'GET', `/api/${def.api}/${rec.id}`);
          (expected[r] ??= {})[`${def.name}:${rec.id}`] = read.status === 200;
        }
      }
      // Another centre's record: a scoped role hears nothing of it, for an entity scoped by centre.
      const id = ++fake;
      await api.db.transaction().execute((tx) => publishChanges(tx, [{ entity: def.name, id, version: 1, action: 'update', by: null, centre: other }]));
      for (const r of roles) {
        const mayRead = rec ? expected[r][`${def.name}:${rec.id}`] : canReadRecord(r, def.name);
        (expected[r] ??= {})[`${def.name}:${id}`] = mayRead && !(def.scope && CENTRE_SCOPED_ROLES.includes(r));
      }
    }
    const end = await marker();
    for (const r of roles) {
      const s = heard[r];
      await s.next(isMarker(end), `marker for ${r}`);
      const got = new Set(s.changes().filter((c) => c.entity !== 'doctor' || Number(c.id) < 900_000_000).map((c) => `${c.entity}:${c.id}`));
      const want = Object.entries(expected[r]).filter(([, v]) => v).map(([k]) => k);
      const mismatch = Object.keys(expected[r]).filter((k) => got.has(k) !== expected[r][k]);
      expect({ role: r, mismatch }).toEqual({ role: r, mismatch: [] });
      expect(want.length).toBeGreaterThan(0);
      // The centre never leaves the server.
      for (const c of s.changes()) expect(Object.keys(c).sort()).toEqual(['action', 'at', 'by', 'byName', 'entity', 'id', 'version']);
    }
  });

  test("deleting a centre tells its staff's accounts, which it changed too, and so does its restore", async () => {
    const fmc = getEntity('fmc');
    const centre = Number((await createRecord(api.db, fmc, await api.anyPayload(fmc), { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);
    await api.joinCentre(centre);
    const s = await open('superadmin');
    const staff = CENTRE_SCOPED_ROLES.map((r) => api.userIds[r]).sort((a, b) => a - b);
    const accounts = (from: number) => s.events.slice(from).filter((e) => e.json?.entity === 'admin-user' && e.json?.action === 'update').map((e) => Number(e.json!.id));
    expect((await api.call('superadmin', 'DELETE', `/api/${fmc.api}/${centre}`)).status).toBe(200);
    await s.next((e) => e.json?.entity === 'fmc' && e.json?.id === centre && e.json?.action === 'delete', 'the delete');
    expect(accounts(0).sort((a, b) => a - b)).toEqual(staff);
    const from = s.events.length;
    expect((await api.call('superadmin', 'POST', `/api/${fmc.api}/${centre}/restore`)).status).toBe(200);
    await s.next((e) => e.json?.entity === 'fmc' && e.json?.id === centre && e.json?.action === 'restore', 'the restore', from);
    expect(accounts(from).sort((a, b) => a - b)).toEqual(staff);
  });

  test('a reconnect with Last-Event-ID is given what it missed, in order', async () => {
    const s = await open('admin');
    const first = await marker();
    const e1 = await s.next(isMarker(first), 'first');
    await s.close();
    const missed = [await marker(), await marker()];
    const again = await open('admin', e1.id);
    const last = await marker();
    await again.next(isMarker(last), 'after the replay');
    const ids = again.changes().map((c) => Number(c.id));
    expect(ids.slice(0, 3)).toEqual([...missed, last]);
    expect(again.events.some((e) => e.event === 'resync')).toBe(false);
  });

  test('a reconnect from further back than the buffer, or from an unknown id, is told to resync', async () => {
    const s = await open('admin');
    const first = await marker();
    const e1 = await s.next(isMarker(first), 'first');
    await s.close();
    // Past EVENTS_BUFFER (5); a stream open meanwhile hears the last one, so the hub has all of them when we reconnect
    // (on PostgreSQL a notification reaches the hub a moment after its commit).
    const watch = await open('admin');
    let last = 0;
    for (let i = 0; i < 6; i++) last = await marker();
    await watch.next(isMarker(last), 'the last marker');
    await watch.close();
    const behind = await open('admin', e1.id);
    const r = await behind.next((e) => e.event === 'resync', 'resync');
    expect(r.id).toMatch(/^[0-9a-f]+-\d+$/);
    const unknown = await open('admin', 'ffffffff-3');
    await unknown.next((e) => e.event === 'resync', 'resync for an id of another process');
  });

  test("presence: others who may read the record hear who has it open, by name; its author and other centres do not", async () => {
    // Slots: read by superadmin and by the centre's own staff (fmc, doctor), scoped by centre.
    const def = getEntity('fmcslots');
    const rec = (await api.insert(def))!;
    const [author, fmc, doctor] = await Promise.all([open('superadmin'), open('fmc'), open('doctor')]);
    const from = { author: author.events.length, fmc: fmc.events.length, doctor: doctor.events.length };
    const said = await api.call('superadmin', 'POST', '/api/presence', { entity: def.name, id: Number(rec.id), mode: 'editing' });
    expect(said.status).toBe(204);
    const heard = await fmc.next((e) => e.event === 'presence', 'presence', from.fmc);
    expect(heard.json).toEqual({ entity: def.name, id: Number(rec.id), user: api.userIds.superadmin, name: await nameOf('superadmin'), mode: 'editing' });
    expect(heard.id).toBeUndefined();
    await doctor.next((e) => e.event === 'presence' && e.json?.id === Number(rec.id), 'presence for the doctor', from.doctor);
    // The author's own stream is not told of the author.
    const end = await marker();
    await author.next(isMarker(end), 'marker');
    expect(author.events.slice(from.author).some((e) => e.event === 'presence')).toBe(false);

    // Another centre's slot: its presence reaches no fmc stream, and fmc staff cannot name it (as a read: 404).
    const fmcDef = getEntity('fmc');
    const other = Number((await createRecord(api.db, fmcDef, await api.anyPayload(fmcDef), { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN })).id);
    const away = await createRecord(api.db, def, { ...(await api.payload(def))!, [def.scope!]: other }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const before = fmc.events.length;
    expect((await api.call('superadmin', 'POST', '/api/presence', { entity: def.name, id: Number(away.id), mode: 'viewing' })).status).toBe(204);
    const end2 = await marker();
    await fmc.next(isMarker(end2), 'marker');
    expect(fmc.events.slice(before).some((e) => e.event === 'presence')).toBe(false);
    expect((await api.call('fmc', 'POST', '/api/presence', { entity: def.name, id: Number(away.id), mode: 'viewing' })).status).toBe(404);
    // An entity the role may not read at all: not found either.
    const unread = ENTITIES.find((d) => !canReadRecord('railway', d.name))!;
    expect((await api.call('railway', 'POST', '/api/presence', { entity: unread.name, id: 1, mode: 'viewing' })).status).toBe(404);
  });

  test('presence: a bad body is refused with its field, an unknown entity or record is not found, anonymous is 401', async () => {
    const def = getEntity('speciality');
    const rec = (await api.insert(def))!;
    const cases: [unknown, number][] = [
      [{ entity: def.name, id: Number(rec.id), mode: 'dancing' }, 400],
      [{ entity: def.name, id: Number(rec.id), mode: 'viewing', extra: 1 }, 400],
      [{ entity: def.name, id: -1, mode: 'viewing' }, 400],
      [{ entity: def.name, id: 'x', mode: 'viewing' }, 400],
      [[], 400],
      [{ entity: 'no-such-entity', id: 1, mode: 'viewing' }, 404],
      [{ entity: def.name, id: 2_000_000_000, mode: 'viewing' }, 404],
    ];
    for (const [body, status] of cases) expect({ body, status: (await api.call('admin', 'POST', '/api/presence', body)).status }).toEqual({ body, status });
    expect((await api.call('anonymous', 'POST', '/api/presence', { entity: def.name, id: Number(rec.id), mode: 'left' })).status).toBe(401);
  });

  test('the stream ends when its session does: sign-out, ending all sessions, a disabled account', async () => {
    const token = await api.newSession('admin');
    const s = await open({ token });
    expect((await api.call({ token }, 'POST', '/api/adminUser/logout')).status).toBe(200);
    await s.until(() => s.ended, 'end after sign-out');

    const mine = await api.newSession('railway');
    const keep = await open({ token: mine });
    const other = await api.newSession('railway');
    expect((await api.call({ token: other }, 'POST', '/api/me/sessions/end-all')).status).toBe(200);
    await keep.until(() => keep.ended, 'end after ending all sessions');

    const users = getEntity('admin-user');
    const fields = { ...(await api.payload(users)), status: 'active' };
    const made = await api.call('superadmin', 'POST', `/api/${users.api}`, fields);
    expect(made.status).toBe(201);
    const theirs = await open({ token: (await createSession(api.db, api.config, made.body.data.id)).token });
    const disabled = await api.call('superadmin', 'PUT', `/api/${users.api}/${made.body.data.id}`, { ...fields, password: undefined, status: 'disabled', version: made.body.data.version });
    expect(disabled.body.errors ?? disabled.status).toBe(200);
    await theirs.until(() => theirs.ended, 'end after the account was disabled');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two consoles on one PostgreSQL', () => {
  let second: Database | undefined;
  afterAll(async () => { await second?.close(); });

  test("each hears the other's changes (LISTEN/NOTIFY)", async () => {
    second = await openDatabase({ url: api.config.databaseUrl });
    const app2 = createApp({ db: second.db, config: api.config, database: second, distDir: '/nonexistent' });
    const s = await open('superadmin', undefined, app2);
    const def = getEntity('speciality');
    const created = await api.call('admin', 'POST', `/api/${def.api}`, await api.payload(def));
    expect(created.status).toBe(201);
    const e = await s.next((x) => x.json?.entity === 'speciality' && x.json?.id === created.body.data.id, 'a change from the other console');
    expect(e.json).toMatchObject({ action: 'create', version: 1, by: api.userIds.admin });
    // And the other way: a write through the second console reaches a stream on the first.
    const s1 = await open('superadmin');
    const res = await app2.request(`/api/${def.api}`, { method: 'POST', headers: { authorization: `Bearer ${api.tokens.admin}`, 'content-type': 'application/json' }, body: JSON.stringify(await api.payload(def)) });
    expect(res.status).toBe(201);
    const id = (await res.json()).data.id;
    await s1.next((x) => x.json?.id === id && x.json?.entity === 'speciality', 'a change from the second console');
  });
});

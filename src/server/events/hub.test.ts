import { describe, expect, test } from 'vitest';
import { CENTRE_SCOPED_ROLES, ENTITIES, INBOX_STREAM, ROLES, RUNS_STREAM } from '../../registry';
import { ChangeHub, mayHear, type Subscriber } from './hub';
import type { Change } from './notices';

/** The hub without a database: a fake channel whose payloads the test sends, and whose connection it can break. */
function fakeChannel() {
  const ch = { heard: (_p: string) => {}, lost: () => {} };
  return {
    ch,
    database: { listen: async (_c: string, heard: (p: string) => void, lost?: () => void) => { ch.heard = heard; ch.lost = lost ?? (() => {}); return async () => {}; } },
    send: (c: Partial<Change> & { id: number }) => ch.heard(JSON.stringify({ k: 'c', e: c.entity ?? 'doctor', i: c.id, v: c.version ?? 1, a: c.action ?? 'update', t: new Date(0).toISOString(), b: null, f: c.centre ?? null })),
  };
}

function recorder(userId = 1) {
  const log: string[] = [];
  const sub: Subscriber = { userId, offer: (id, c) => log.push(`${id.split('-')[1]}:${c.id}`), resync: () => log.push('resync'), recheck: () => log.push('recheck'), presence: (p) => log.push(`presence:${p.user}:${p.mode}`) };
  return { sub, log };
}

describe('the hub', () => {
  test('numbers changes, replays what a reconnect missed, and says resync past its buffer or for another id', async () => {
    const { database, send } = fakeChannel();
    const hub = new ChangeHub(database, { bufferSize: 3 });
    await hub.start();
    for (let id = 1; id <= 5; id++) send({ id });
    const after = (last: string) => { const r = recorder(); hub.subscribe(r.sub, last)(); return r.log; };
    expect(after(`${hub.instance}-3`)).toEqual(['4:4', '5:5']);
    expect(after(`${hub.instance}-2`)).toEqual(['3:3', '4:4', '5:5']);
    expect(after(`${hub.instance}-5`)).toEqual([]);
    expect(after(`${hub.instance}-1`)).toEqual(['resync']);
    expect(after(`${hub.instance}-9`)).toEqual(['resync']);
    expect(after('0000-3')).toEqual(['resync']);
    expect(after('nonsense')).toEqual(['resync']);
  });

  test('a broken listening connection: every stream resyncs, and nothing before it is replayed', async () => {
    const { database, send, ch } = fakeChannel();
    const hub = new ChangeHub(database);
    await hub.start();
    send({ id: 1 });
    const open = recorder();
    hub.subscribe(open.sub);
    ch.lost();
    send({ id: 2 });
    expect(open.log).toEqual(['resync', '2:2']);
    const late = recorder();
    hub.subscribe(late.sub, `${hub.instance}-1`);
    expect(late.log).toEqual(['resync']);
  });

  test("a change to the subscriber's own account rechecks the session before the change is offered; session ends recheck", async () => {
    const { database, send, ch } = fakeChannel();
    const hub = new ChangeHub(database);
    await hub.start();
    const me = recorder(7);
    hub.subscribe(me.sub);
    send({ entity: 'admin-user', id: 7 });
    send({ entity: 'admin-user', id: 8 });
    ch.heard(JSON.stringify({ k: 's', u: [3, 7] }));
    ch.heard('not json');
    expect(me.log).toEqual(['recheck', '1:7', '2:8', 'recheck']);
  });

  test('presence is handed to every subscriber as heard, never numbered nor replayed; a bad one is ignored', async () => {
    const { database, send, ch } = fakeChannel();
    const hub = new ChangeHub(database);
    await hub.start();
    const open = recorder(1);
    hub.subscribe(open.sub);
    ch.heard(JSON.stringify({ k: 'p', e: 'patient', i: 5, u: 9, n: 'Asha Rao', m: 'editing', f: null }));
    ch.heard(JSON.stringify({ k: 'p', e: 'patient', i: 5, u: 9, n: 'Asha Rao', m: 'dancing', f: null }));
    ch.heard(JSON.stringify({ k: 'p', e: 'patient', i: 5, u: 'x', n: 'Asha Rao', m: 'left', f: null }));
    send({ id: 3 });
    expect(open.log).toEqual(['presence:9:editing', '1:3']);
    const late = recorder(2);
    hub.subscribe(late.sub, `${hub.instance}-0`);
    expect(late.log).toEqual(['1:3']);
  });
});

describe('mayHear', () => {
  test('a centre-scoped role hears a scoped entity only at its centres; unscoped roles by role alone', () => {
    const scopedEntities = ENTITIES.filter((e) => e.scope);
    expect(scopedEntities.length).toBeGreaterThan(0);
    for (const def of ENTITIES) {
      for (const role of ROLES) {
        const home = mayHear({ role, centres: [1] }, { entity: def.name, id: 1, centre: 1 });
        const away = mayHear({ role, centres: [1] }, { entity: def.name, id: 1, centre: 2 });
        const none = mayHear({ role, centres: [1] }, { entity: def.name, id: 1, centre: null });
        if (!home) expect([away, none]).toEqual([false, false]);
        if (def.scope && CENTRE_SCOPED_ROLES.includes(role)) expect([away, none]).toEqual([false, false]);
        if (!def.scope || !CENTRE_SCOPED_ROLES.includes(role)) expect([away, none]).toEqual([home, home]);
      }
    }
    expect(mayHear({ role: 'superadmin', centres: [] }, { entity: 'no-such-entity', id: 1, centre: null })).toBe(false);
  });

  test("an inbox change is told to the user it names, whatever their role, and to nobody else", () => {
    for (const role of ROLES) {
      expect(mayHear({ role, centres: [], userId: 7 }, { entity: INBOX_STREAM, id: 7, centre: null })).toBe(true);
      expect(mayHear({ role, centres: [], userId: 8 }, { entity: INBOX_STREAM, id: 7, centre: null })).toBe(false);
      expect(mayHear({ role, centres: [] }, { entity: INBOX_STREAM, id: 7, centre: null })).toBe(false);
    }
  });

  test('a run of the scheduler moving is told to superadmins alone', () => {
    for (const role of ROLES) expect(mayHear({ role, centres: [1], userId: 7 }, { entity: RUNS_STREAM, id: 7, centre: null }), role).toBe(role === 'superadmin');
  });
});

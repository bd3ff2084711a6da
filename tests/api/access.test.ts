import { beforeAll, describe, expect, test } from 'vitest';
import { can, canReadRecord, ENTITIES, inputFields, inputSchema, isInput, mayCreate, ROLES, type EntityDef, type Role } from '../../src/registry';
import { getRecord } from '../../src/server/crud/write';
import { fieldsOf, readable, setupApi } from './harness';

/**
 * Registry-driven: every declared entity × every role gets each CRUD call answered as the policy says,
 * so a new entity is covered by being declared. The policy itself is held against the spec in policy.test.ts.
 */
const api = setupApi();
let revoked: string;

beforeAll(async () => {
  revoked = await api.newSession('admin');
  expect((await api.call({ token: revoked }, 'POST', '/api/adminUser/logout')).status).toBe(200);
});

const status = (allowed: boolean, ok: number) => (allowed ? ok : 403);
const current = (def: EntityDef, id: unknown) => getRecord(api.db, def, Number(id));
const writeOnly = (def: EntityDef) => Object.keys(def.fields).filter((k) => def.fields[k].writeOnly);

describe.each(ENTITIES.map((e) => [e.name, e] as const))('%s', (_, def) => {
  const base = `/api/${def.api}`;
  /** A record every test may read: a fresh one, or when none can be made (every unique value taken), the newest. */
  let fixture: Record<string, unknown>;
  const adder = ROLES.find((r) => can(r, def.name, 'add'));
  const editor = ROLES.find((r) => can(r, def.name, 'edit'));
  const unique = Object.keys(def.fields).filter((k) => def.fields[k].unique && isInput(def.fields[k]));

  beforeAll(async () => {
    const made = await api.insert(def);
    fixture = made ?? (await current(def, (await api.db.selectFrom(def.table).select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id));
  });

  const calls = (): [string, string, unknown?][] => [
    ['GET', base], ['POST', base, {}], ['GET', `${base}/${fixture.id}`], ['PUT', `${base}/${fixture.id}`, { version: 1 }], ['DELETE', `${base}/${fixture.id}`],
  ];

  test('anonymous: every call → 401, not flagged expired', async () => {
    for (const [method, url, body] of calls()) {
      const r = await api.call('anonymous', method, url, body);
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.body.errors[0].expired, `${method} ${url}`).toBeUndefined();
    }
  });

  test('a revoked session: every call → 401 expired', async () => {
    for (const [method, url, body] of calls()) {
      const r = await api.call({ token: revoked }, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.body.errors[0].expired, `${method} ${url}`).toBe(true);
    }
  });

  test.each(ROLES)('%s: list', async (role) => {
    const r = await api.call(role, 'GET', `${base}?limit=5`);
    expect(r.status).toBe(status(can(role, def.name, 'list'), 200));
    if (r.status !== 200) return;
    expect(r.body).toMatchObject({ data: expect.any(Array), total: expect.any(Number) });
    expect(r.body).toHaveProperty('nextCursor');
    const bad = await api.call(role, 'GET', `${base}?sort=nope&limit=0`);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['sort', 'limit']);
  });

  test.each(ROLES)('%s: read', async (role) => {
    const allowed = canReadRecord(role, def.name);
    const r = await api.call(role, 'GET', `${base}/${fixture.id}`);
    expect(r.status).toBe(status(allowed, 200));
    if (allowed) expect(r.body.data).toMatchObject({ id: fixture.id, version: expect.any(Number) });
    for (const missing of ['99999999', 'abc']) expect((await api.call(role, 'GET', `${base}/${missing}`)).status, missing).toBe(status(allowed, 404));
  });

  test.each(ROLES)('%s: create', async (role) => {
    const allowed = mayCreate(role, def.name);
    const before = await api.count(def);
    const p = await api.payload(def);
    if (!p) {
      // Every unique value is taken (the built-in roles): the server refuses the duplicate and names it.
      const r = await api.call(role, 'POST', base, await api.anyPayload(def));
      expect(r.status).toBe(status(allowed, 409));
      if (allowed) expect(unique).toContain(r.body.errors[0].field);
      expect(await api.count(def)).toBe(before);
      return;
    }
    // A role that may only raise the record gives its raise fields (entity.raiseFields); the others are refused.
    const given = can(role, def.name, 'add') || !allowed ? p : Object.fromEntries(Object.entries(p).filter(([k]) => k in inputFields(def, 'raise')));
    const r = await api.call(role, 'POST', base, given);
    expect(r.status, r.text).toBe(status(allowed, 201));
    expect(await api.count(def)).toBe(before + (allowed ? 1 : 0));
    if (!allowed) return;
    expect(r.body.data).toMatchObject({ ...readable(def, given), version: 1 });
    for (const k of writeOnly(def)) {
      expect(r.body.data, `write-only ${k} is never sent back`).not.toHaveProperty(k);
      expect(r.body.data._set[k]).toBe(p[k] !== null && p[k] !== undefined);
    }
    if (!canReadRecord(role, def.name)) return;
    const back = await api.call(role, 'GET', `${base}/${r.body.data.id}`);
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject(readable(def, given));
  });

  test.each(ROLES)('%s: update, then a stale update', async (role) => {
    const allowed = can(role, def.name, 'edit');
    const target = (await api.insert(def)) ?? (await current(def, fixture.id));
    const p = await api.payload(def, target);
    expect(p, 'a payload for the update').toBeDefined();
    const r = await api.call(role, 'PUT', `${base}/${target.id}`, { ...p, version: target.version });
    expect(r.status).toBe(status(allowed, 200));
    const now = (await api.row(def, Number(target.id)))!;
    expect(now.version).toBe(Number(target.version) + (allowed ? 1 : 0));
    if (!allowed) return;
    expect(r.body.data).toMatchObject({ ...readable(def, p!), id: target.id, version: Number(target.version) + 1 });
    const stale = await api.call(role, 'PUT', `${base}/${target.id}`, { ...p, version: target.version });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ field: 'version', code: 'stale' });
    expect((await api.row(def, Number(target.id)))!.version).toBe(Number(target.version) + 1);
    expect((await api.call(role, 'PUT', `${base}/99999999`, { ...p, version: 1 })).status).toBe(404);
  });

  test.each(ROLES)('%s: delete', async (role) => {
    const allowed = can(role, def.name, 'delete');
    const made = await api.insert(def);
    const target = made ?? fixture;
    const r = await api.call(role, 'DELETE', `${base}/${target.id}`);
    if (!made && allowed) {
      // No record could be made: the fixture is a built-in row, which stays.
      expect(def.protectedRows, 'an entity whose records cannot be made must protect its rows').toBeDefined();
      expect(r.status).toBe(409);
      expect(r.body.errors[0].code).toBe('protected');
      return;
    }
    expect(r.status).toBe(status(allowed, 200));
    expect(await api.row(def, Number(target.id))).toEqual(allowed ? undefined : expect.objectContaining({ id: target.id }));
    if (!allowed) return;
    expect(r.body).toEqual({ data: { deleted: true } });
    const gone = await api.call(role, 'GET', `${base}/${target.id}`);
    expect(gone.status).toBe(status(canReadRecord(role, def.name), 404));
    expect((await api.call(role, 'DELETE', `${base}/${target.id}`)).status).toBe(404);
  });

  test.skipIf(!adder)('an invalid create → 400 naming each bad field; nothing stored', async () => {
    const before = await api.count(def);
    const inputs = Object.keys(inputFields(def));
    // A required field with a declared default may be left out: the server applies the default (docs/decisions.md#a-declared-default-applies-on-the-server).
    const required = inputs.filter((k) => def.fields[k].required && def.fields[k].defaultValue === undefined);
    const missing = await api.call(adder!, 'POST', base, { unexpectedField: 1 });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing).sort()).toEqual([...required, 'unexpectedField'].sort());
    // Every field of the wrong type: each one is named.
    const wrong = await api.call(adder!, 'POST', base, Object.fromEntries(inputs.map((k) => [k, { wrong: true }])));
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong).sort()).toEqual([...inputs].sort());
    expect((await api.call(adder!, 'POST', base, 'not json', { 'content-type': 'application/json' })).status).toBe(400);
    expect(await api.count(def)).toBe(before);
  });

  test.skipIf(!editor)('an invalid update → 400 naming each bad field; nothing changed', async () => {
    const target = await current(def, fixture.id);
    const schema = inputSchema(def, 'update').safeParse({});
    const expected = [...new Set(schema.error!.issues.map((i) => String(i.path[0])))];
    const r = await api.call(editor!, 'PUT', `${base}/${target.id}`, { unexpectedField: 1 });
    expect(r.status).toBe(400);
    expect(fieldsOf(r).sort()).toEqual([...expected, 'unexpectedField'].sort());
    expect(fieldsOf(r)).toContain('version');
    expect((await api.row(def, Number(target.id)))!.version).toBe(target.version);
  });

  test.skipIf(!adder || !unique.length)('a duplicate of a unique field → 409 naming it; nothing stored', async () => {
    for (const field of unique) {
      const before = await api.count(def);
      const p = (await api.payload(def)) ?? (await api.anyPayload(def));
      const r = await api.call(adder!, 'POST', base, { ...p, [field]: fixture[field] });
      expect(r.status, field).toBe(409);
      expect(r.body.errors[0]).toMatchObject({ field, code: 'duplicate' });
      expect(await api.count(def)).toBe(before);
      if (!editor || def.immutable?.includes(field)) continue;
      const target = await api.insert(def);
      if (!target) continue;
      const u = await api.call(editor, 'PUT', `${base}/${target.id}`, { ...(await api.payload(def, target)), [field]: fixture[field], version: target.version });
      expect(u.status, `update ${field}`).toBe(409);
      expect(u.body.errors[0]).toMatchObject({ field, code: 'duplicate' });
    }
  });
});

test('every role signed in', () => {
  for (const role of ROLES as readonly Role[]) expect(api.tokens[role]).toEqual(expect.any(String));
});

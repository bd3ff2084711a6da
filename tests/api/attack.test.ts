import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  can, canPickFrom, canReadRecord, ENTITIES, getEntity, inputFields, inputSchema, mayCreate, mayMove, mayUpload, ownedFields, ROLES, SCREENS, shownKind,
  type EntityDef, type Role,
} from '../../src/registry';
import { tokenHash } from '../../src/server/auth/tokens';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { setupApi, type Who } from './harness';
import { PASSWORD } from './seeded-database';
import { STEP_UP_ACTIONS, STEP_UP_EXPORT_ROWS } from '../../src/server/auth/step-up';

/**
 * Attack tests that grow with the registry (issue 9). Every route the app serves × every principal (the five roles,
 * anonymous, an expired and a revoked session) answers as the policy says: 401 without a live session, 403 for a role
 * the policy leaves out, and for the others anything but 401/403/5xx. A route this file has no rule for fails the
 * test, so a new endpoint must say who may call it. Then cross-record probes (another centre's record, another user's
 * device) answer 404, and generated bad payloads for every entity (wrong types, missing, extra, huge, NUL, lone
 * surrogates, deep nesting; property-based with fast-check) answer 400 with nothing stored and never 5xx.
 */
const api = setupApi();
const tally = { pairs: 0, payloads: 0, mismatches: [] as string[], fiveHundreds: [] as string[] };

/** public: anyone; session: any live session; token: a bearer of its own, never a session (404 when not configured, else 401); else the roles. */
type Rule = 'public' | 'session' | 'token' | ((role: Role) => boolean);

/** Routes that are not an entity's generated CRUD: who may call them. */
const SPECIAL: Record<string, Rule> = {
  'GET /api/auth/config': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/events': 'session',
  'POST /api/adminUser/login': 'public',
  'POST /api/auth/signup': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password': 'public',
  // Hosted login (404 where it is not set up, as here).
  'POST /api/auth/oidc/start': 'public',
  'POST /api/auth/oidc/callback': 'public',
  'GET /api/adminUser/validate/authToken': 'session',
  'POST /api/adminUser/logout': 'session',
  'POST /api/me/step-up': 'session',
  'POST /api/fcmToken/:userId': 'session',
  'GET /api/search': 'session',
  'GET /api/notification/admin': 'session',
  'GET /api/me/prefs': 'session',
  'PUT /api/me/prefs': 'session',
  'GET /api/me/sessions': 'session',
  'DELETE /api/me/sessions/:id': 'session',
  'POST /api/me/sessions/end-all': 'session',
  // Saved views: anyone keeps their own (sharing is refused inside, 403 for a role that may not share).
  'GET /api/views': 'session',
  'POST /api/views': 'session',
  'PUT /api/views/:id': 'session',
  'DELETE /api/views/:id': 'session',
  // The caller's own inbox, password and presence on a record (refused inside for a record the caller may not read).
  'GET /api/me/notifications': 'session',
  'POST /api/me/notifications/read-all': 'session',
  'POST /api/me/notifications/:id/read': 'session',
  'POST /api/me/notifications/:id/archive': 'session',
  'POST /api/me/password': 'session',
  // Second factors: the sign-in's second step (its challenge is the credential), the caller's own factors, and a
  // superadmin's reset of another person's.
  'POST /api/adminUser/login/mfa': 'public',
  'GET /api/me/mfa': 'session',
  'POST /api/me/mfa/totp': 'session',
  'POST /api/me/mfa/totp/confirm': 'session',
  'DELETE /api/me/mfa/totp': 'session',
  'POST /api/adminUser/:id/mfa/reset': (r) => r === 'superadmin',
  // Passkeys: the sign-in's options (its challenge is the credential), the caller's own keys, a step-up's options.
  'POST /api/adminUser/login/mfa/webauthn': 'public',
  'POST /api/me/mfa/webauthn/options': 'session',
  'POST /api/me/mfa/webauthn': 'session',
  'PATCH /api/me/mfa/webauthn/:id': 'session',
  'DELETE /api/me/mfa/webauthn/:id': 'session',
  'POST /api/me/step-up/webauthn': 'session',
  // The caller's own follow-ups (a record they may not read is refused inside, as not found).
  'GET /api/me/follow-ups': 'session',
  'POST /api/me/follow-ups': 'session',
  'PATCH /api/me/follow-ups/:id': 'session',
  'DELETE /api/me/follow-ups/:id': 'session',
  'POST /api/presence': 'session',
  // The push service worker and Firebase's scripts it loads: public, as a browser fetches them without a session.
  'GET /firebase-messaging-sw.js': 'public',
  'GET /firebase-messaging-sw/:name': 'public',
  'GET /api/home': 'session',
  'POST /api/upload': (r) => mayUpload(r),
  'POST /api/fmcslots/:id/book': (r) => can(r, 'fmcslots', 'edit'),
  'DELETE /api/fmcslots/:id/book/:patient': (r) => can(r, 'fmcslots', 'edit'),
  'GET /api/fmcslots/:id/bookings': (r) => can(r, 'fmcslots', 'details'),
  'GET /api/invoices/:id/pdf': (r) => canReadRecord(r, 'invoices'),
  'GET /api/system/backup': (r) => r === 'superadmin',
  'GET /api/system/runs': (r) => r === 'superadmin',
  // An import's progress, stop, result and undo: its starter's (or a superadmin's); anyone else's is 404, as none.
  'GET /api/imports/:id': 'session',
  'POST /api/imports/:id/stop': 'session',
  'GET /api/imports/:id/result': 'session',
  'POST /api/imports/:id/undo': 'session',
  // A bulk action's undo: its maker's (or a superadmin's); anyone else's is 404, as none.
  'POST /api/bulk/:id/undo': 'session',
  'POST /api/system/runs/:id/retry': (r) => r === 'superadmin',
  'POST /api/system/runs/:id/cancel': (r) => r === 'superadmin',
  // Whom a campaign reaches: a saved one for who may read it, the form's preview for who may add or edit one.
  'GET /api/notification/:id/reach': (r) => can(r, 'notification', 'details'),
  'GET /api/notification/reach': (r) => can(r, 'notification', 'add') || can(r, 'notification', 'edit'),
  'GET /health/live': 'public',
  'GET /health/ready': 'public',
  'GET /metrics': 'token',
};

/** The rule of a route: the generated CRUD's from the policy, the bespoke screens' from SCREENS, else SPECIAL. */
function ruleOf(method: string, path: string): Rule | undefined {
  if (SPECIAL[`${method} ${path}`]) return SPECIAL[`${method} ${path}`];
  if (path.startsWith('/api/notifications/')) return (r) => can(r, 'notifications', 'worklist');
  const screen = SCREENS.find((sc) => path === `/api/${sc.path}` || path.startsWith(`/api/${sc.path}/`));
  if (screen) return (r) => can(r, screen.resource, screen.action);
  for (const def of ENTITIES) {
    const base = `/api/${def.api}`;
    const generated: Record<string, Rule> = {
      [`GET ${base}`]: (r) => can(r, def.name, 'list'),
      [`POST ${base}`]: (r) => mayCreate(r, def.name),
      [`POST ${base}/import`]: (r) => mayCreate(r, def.name) && can(r, def.name, 'add'),
      [`POST ${base}/import/columns`]: (r) => mayCreate(r, def.name) && can(r, def.name, 'add'),
      [`POST ${base}/bulk`]: (r) => can(r, def.name, 'edit') || can(r, def.name, 'delete'),
      [`GET ${base}/mine`]: (r) => can(r, def.name, 'raise'),
      ...Object.fromEntries(Object.entries(def.fields).filter(([, fd]) => fd.server === 'thread')
        .map(([k]) => [`POST ${base}/:id/${k}`, (r: Role) => can(r, def.name, 'edit') || can(r, def.name, 'raise')])),
      [`GET ${base}/options`]: (r) => canPickFrom(r, def.name),
      [`GET ${base}/export`]: (r) => can(r, def.name, 'list'),
      [`GET ${base}/:id`]: (r) => canReadRecord(r, def.name),
      [`PUT ${base}/:id`]: (r) => can(r, def.name, 'edit'),
      [`DELETE ${base}/:id`]: (r) => can(r, def.name, 'delete'),
      [`POST ${base}/:id/restore`]: (r) => can(r, def.name, 'delete'),
      [`GET ${base}/:id/history`]: (r) => canReadRecord(r, def.name),
      [`GET ${base}/:id/timeline`]: (r) => can(r, def.name, 'timeline'),
      [`POST ${base}/:id/transition`]: (r) => (def.workflow?.transitions ?? []).some((m) => mayMove(r, def, m)),
      [`POST ${base}/:id/transition/undo`]: (r) => (def.workflow?.transitions ?? []).some((m) => mayMove(r, def, m)),
      [`POST ${base}/:id/revert`]: (r) => can(r, 'history', 'revert') && can(r, def.name, 'edit'),
      [`GET ${base}/:id/access`]: (r) => can(r, def.name, 'access'),
    };
    if (generated[`${method} ${path}`]) return generated[`${method} ${path}`];
  }
  return undefined;
}

/** The entity whose records a path's `:id` names. */
function entityOfPath(path: string): EntityDef | undefined {
  const segment = path.split('/')[2];
  return ENTITIES.find((e) => e.api === segment) ?? (segment === 'fmc' ? getEntity('fmc') : undefined);
}

const principals: { name: string; who: Who; role?: Role; live: boolean }[] = [];
const fixtures = new Map<string, number>();
let patientId = 0;

beforeAll(async () => {
  for (const role of ROLES) principals.push({ name: role, who: role, role, live: true });
  principals.push({ name: 'anonymous', who: 'anonymous', live: false });
  const expired = await api.newSession('admin');
  await sql`update session set expires_at = now() - interval '1 minute' where token_hash = ${tokenHash(expired)}`.execute(api.db);
  principals.push({ name: 'expired', who: { token: expired }, live: false });
  const revoked = await api.newSession('superadmin');
  await api.call({ token: revoked }, 'POST', '/api/adminUser/logout');
  principals.push({ name: 'revoked', who: { token: revoked }, live: false });
  patientId = Number((await api.insert(getEntity('patients')))!.id);
});

afterAll(() => {
  console.log(`attack: ${tally.pairs} endpoint × principal pairs and ${tally.payloads} bad payloads tried; ${tally.mismatches.length} mismatches, ${tally.fiveHundreds.length} 5xx`);
});

async function fixtureFor(def: EntityDef): Promise<number> {
  if (!fixtures.has(def.name)) {
    const made = await api.insert(def);
    fixtures.set(def.name, Number(made?.id ?? 1));
  }
  return fixtures.get(def.name)!;
}

/** Every route the app serves, as `METHOD /path`, middleware and the catch-alls (the page, assets, content) left out. */
function servedRoutes(): [string, string][] {
  const seen = new Set<string>();
  for (const r of api.app.routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    seen.add(`${r.method} ${r.path}`);
  }
  return [...seen].map((k) => k.split(' ') as [string, string]);
}

/** A stream's status (and its error body when it refuses), without waiting for it to end. */
async function streamStatus(who: Who, url: string) {
  const token = who === 'anonymous' ? undefined : typeof who === 'string' ? api.tokens[who] : who.token;
  const stop = new AbortController();
  const res = await api.app.request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: stop.signal });
  const body = res.ok ? null : await res.json().catch(() => null);
  stop.abort();
  await res.body?.cancel().catch(() => undefined);
  return { status: res.status, body };
}

describe('every route × every principal answers as the policy says', () => {
  test('every served route has a rule', () => {
    const missing = servedRoutes().filter(([m, p]) => !ruleOf(m, p)).map(([m, p]) => `${m} ${p}`);
    expect(missing).toEqual([]);
  });

  test('the answers', async () => {
    for (const [method, path] of servedRoutes()) {
      const rule = ruleOf(method, path)!;
      const def = entityOfPath(path);
      for (const p of principals) {
        const fill = async () => {
          let url = path;
          if (url.includes(':id')) url = url.replace(':id', String(def ? await fixtureFor(def) : 1));
          url = url.replace(':patient', String(patientId)).replace(':userId', String(p.role ? api.userIds[p.role] : 1));
          return url;
        };
        const url = await fill();
        // Signing out ends the session it is sent with: each role signs out a session of its own. Signing out
        // everywhere ends the role's test session too: it gets a new one after.
        const signsOut = method === 'POST' && ['/api/adminUser/logout', '/api/me/sessions/end-all'].includes(path) && p.role;
        const who = signsOut ? { token: await api.newSession(p.role!) } : p.who;
        // The change stream never ends by itself: its answer is judged by its status, then the stream is let go.
        const r = path === '/api/events' ? await streamStatus(who, url) : await api.call(who, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        if (signsOut) api.tokens[p.role!] = await api.newSession(p.role!);
        tally.pairs++;
        const where = `${method} ${url} as ${p.name}: ${r.status}`;
        if (r.status >= 500) tally.fiveHundreds.push(where);
        let ok: boolean;
        if (rule === 'public') ok = r.status !== 403 && r.status < 500;
        else if (rule === 'token') ok = [401, 404].includes(r.status);
        else if (!p.live) ok = r.status === 401 && (p.name === 'anonymous' ? !r.body?.errors?.[0]?.expired : r.body?.errors?.[0]?.expired === true);
        else if (rule === 'session') ok = ![401, 403].includes(r.status) && r.status < 500;
        else ok = rule(p.role!) ? ![401, 403].includes(r.status) && r.status < 500 : r.status === 403;
        if (!ok) tally.mismatches.push(where);
      }
    }
    expect(tally.fiveHundreds).toEqual([]);
    expect(tally.mismatches).toEqual([]);
    expect(tally.pairs).toBeGreaterThan(2500);
  });
});

describe('cross-record probes answer 404', () => {
  test("another centre's records, to fmc staff and doctors, for every scoped entity and call", async () => {
    const centre = await createRecord(api.db, getEntity('fmc'), (await api.payload(getEntity('fmc')))!, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
    const scoped = ENTITIES.filter((e) => e.scope);
    let probes = 0;
    for (const def of scoped) {
      const p = await api.payload(def);
      const rec = def.scope === 'id' ? centre : await createRecord(api.db, def, { ...p, [def.scope!]: centre.id }, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN });
      for (const role of ['fmc', 'doctor'] as const) {
        const calls: [string, string, unknown?][] = [['GET', `/api/${def.api}/${rec.id}`]];
        if (can(role, def.name, 'edit')) calls.push(['PUT', `/api/${def.api}/${rec.id}`, { ...p, version: rec.version }], ['DELETE', `/api/${def.api}/${rec.id}`]);
        for (const [m, u, b] of calls) {
          if (!canReadRecord(role, def.name) && m === 'GET') continue;
          const r = await api.call(role, m, u, b);
          probes++;
          expect(r.status, `${role} ${m} ${u}`).toBe(404);
        }
      }
    }
    expect(probes).toBeGreaterThan(4);
  });

  test("another user's device registration", async () => {
    const r = await api.call('fmc', 'POST', `/api/fcmToken/${api.userIds.admin}`, { token: { userId: api.userIds.admin, userType: 'admin', device_token: 'x'.repeat(20), device_type: 'web' } });
    expect(r.status).toBe(404);
  });
});

/** A value nested `depth` deep: { a: { a: … } }. */
const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1) });

/** Payloads a schema refuses, made from a valid one: each strategy aims at one way to be wrong. */
function badPayloads(def: EntityDef, valid: Record<string, unknown>, mode: 'create' | 'update'): fc.Arbitrary<{ how: string; body: Record<string, unknown> }> {
  const schema = inputSchema(def, mode);
  const inputs = Object.keys(inputFields(def));
  const required = inputs.filter((k) => def.fields[k].required && def.fields[k].defaultValue === undefined && !(mode === 'update' && def.fields[k].writeOnly));
  const strings = inputs.filter((k) => ['text', 'longText', 'code', 'email', 'phone'].includes(def.fields[k].kind));
  const field = fc.constantFrom(...inputs);
  const refused = (body: Record<string, unknown>) => !schema.safeParse(body).success;
  const strategies: fc.Arbitrary<{ how: string; body: Record<string, unknown> }>[] = [
    fc.tuple(field, fc.jsonValue({ maxDepth: 3 })).map(([k, v]) => ({ how: `wrong ${k}`, body: { ...valid, [k]: v } })).filter((x) => refused(x.body)),
    fc.tuple(fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in def.fields) && k !== 'version'), fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) => ({ how: `extra ${k}`, body: { ...valid, [k]: v } })),
    fc.tuple(field, fc.integer({ min: 9, max: 40 })).map(([k, d]) => ({ how: `deep ${k}`, body: { ...valid, [k]: nested(d) } })),
    fc.tuple(field, fc.integer({ min: 200_001, max: 400_000 })).map(([k, n]) => ({ how: `huge ${k}`, body: { ...valid, [k]: 'x'.repeat(n) } })),
  ];
  if (required.length) strategies.push(fc.constantFrom(...required).map((k) => { const body = { ...valid }; delete body[k]; return { how: `missing ${k}`, body }; }));
  if (strings.length) {
    strategies.push(fc.tuple(fc.constantFrom(...strings), fc.constantFrom('\u0000', 'a\u0000b', '\uD800', 'x\uDC00y', '\uDBFF'))
      .map(([k, bad]) => ({ how: `bad text in ${k}`, body: { ...valid, [k]: `${String(valid[k] ?? 'a').slice(0, 5)}${bad}` } })));
  }
  return fc.oneof(...strategies);
}

/** A value of `field`'s kind other than `stored`: what an edit moving it by hand would send. */
function otherValue(def: EntityDef, field: string, stored: unknown, someUser: number): unknown {
  const fd = def.fields[field];
  switch (shownKind(fd)) {
    case 'enum': return fd.values!.find((v) => v !== stored);
    case 'datetime': return new Date(Date.UTC(2031, 0, 2, 3, 4)).toISOString();
    case 'date': return '2031-01-02';
    case 'int': case 'money': case 'decimal': return Number(stored ?? 0) + 7;
    case 'ref': return fd.ref === 'admin-user' ? someUser : Number(stored ?? 0) + 1;
    default: return `changed ${String(stored ?? '')}`.trim();
  }
}

describe('a field the server owns is written by no add or edit, for every entity and every role that writes it', () => {
  const withOwned = ENTITIES.filter((e) => Object.keys(ownedFields(e)).length && ROLES.some((r) => can(r, e.name, 'add') || can(r, e.name, 'edit')));

  test('the owned fields are derived from what writes them', () => {
    expect(ownedFields(getEntity('doctor'))).toEqual({ verificationStatus: 'mirror' });
    expect(ownedFields(getEntity('requestVerification'))).toEqual({ status: 'workflow', submittedAt: 'move', reviewedBy: 'move', reviewedAt: 'move', remarks: 'move' });
    expect(ownedFields(getEntity('invoices'))).toMatchObject({ subtotal: 'computed', tax: 'computed', total: 'computed' });
  });

  test.each(withOwned.map((e) => [e.name, e] as const))('%s', async (_, def) => {
    const owned = Object.keys(ownedFields(def));
    const someUser = api.userIds.admin;
    for (const role of ROLES.filter((r) => can(r, def.name, 'add'))) {
      const valid = await api.payload(def);
      if (!valid) continue;
      const before = await api.count(def);
      for (const field of owned) {
        const r = await api.call(role, 'POST', `/api/${def.api}`, { ...valid, [field]: otherValue(def, field, undefined, someUser) });
        expect(r.status, `${role} adds ${def.name} with ${field}: ${r.text.slice(0, 200)}`).toBe(400);
        expect(r.body.errors.map((e: { field?: string }) => e.field), `${def.name}.${field}`).toContain(field);
      }
      expect(await api.count(def)).toBe(before);
    }
    for (const role of ROLES.filter((r) => can(r, def.name, 'edit'))) {
      const target = await api.insert(def);
      if (!target) continue;
      const read = (await api.call(role, 'GET', `/api/${def.api}/${target.id}`)).body.data;
      for (const field of owned) {
        const r = await api.call(role, 'PUT', `/api/${def.api}/${target.id}`, { ...read, [field]: otherValue(def, field, read[field], someUser) });
        expect(r.status, `${role} edits ${def.name}.${field}: ${r.text.slice(0, 200)}`).toBe(400);
        expect(r.body.errors.map((e: { field?: string }) => e.field), `${def.name}.${field}`).toContain(field);
      }
      expect((await api.row(def, Number(target.id)))!.version).toBe(target.version);
      // The record sent back as it was read, owned and system fields unchanged, is an edit like any other.
      const same = await api.call(role, 'PUT', `/api/${def.api}/${target.id}`, read);
      expect(same.status, `${role} sends ${def.name} back as read: ${same.text.slice(0, 300)}`).toBe(200);
      expect(same.body.data.version).toBe(Number(target.version) + 1);
    }
  });

  test('a system field sent changed is refused, naming it', async () => {
    const def = getEntity('speciality');
    const target = (await api.insert(def))!;
    const read = (await api.call('admin', 'GET', `/api/${def.api}/${target.id}`)).body.data;
    for (const [field, value] of [['id', Number(target.id) + 1], ['createdAt', '2020-01-01T00:00:00.000Z'], ['createdBy', api.userIds.admin], ['updatedBy', api.userIds.admin]] as const) {
      const r = await api.call('admin', 'PUT', `/api/${def.api}/${target.id}`, { ...read, [field]: value });
      expect(r.status, field).toBe(400);
      expect(r.body.errors[0]).toMatchObject({ field, code: 'read_only' });
    }
    const stale = await api.call('admin', 'PUT', `/api/${def.api}/${target.id}`, { ...read, version: Number(read.version) + 5 });
    expect(stale.status).toBe(409);
  });
});

describe('bad payloads for every entity answer 400, store nothing and never 5xx', () => {
  const writable = ENTITIES.filter((e) => ROLES.some((r) => can(r, e.name, 'add') || can(r, e.name, 'edit')));

  test.each(writable.map((e) => [e.name, e] as const))('%s', async (_, def) => {
    const adder = ROLES.find((r) => can(r, def.name, 'add'));
    const editor = ROLES.find((r) => can(r, def.name, 'edit'));
    const valid = await api.payload(def);
    if (!valid) return;
    const target = editor ? await api.insert(def) : undefined;
    const before = await api.count(def);
    const modes: ['create' | 'update', Role | undefined][] = [['create', adder], ['update', target ? editor : undefined]];
    for (const [mode, role] of modes) {
      if (!role) continue;
      const base = mode === 'create' ? valid : { ...valid, version: Number(target!.version) };
      await fc.assert(fc.asyncProperty(badPayloads(def, base, mode), async ({ how, body }) => {
        const r = await api.call(role, mode === 'create' ? 'POST' : 'PUT', mode === 'create' ? `/api/${def.api}` : `/api/${def.api}/${target!.id}`, body);
        tally.payloads++;
        if (r.status >= 500) tally.fiveHundreds.push(`${def.name} ${mode} ${how}: ${r.status}`);
        // A body above the limit is refused before it is read (413); every other refusal is 400 naming what is wrong.
        expect([400, 413], `${def.name} ${mode} ${how}: ${r.status} ${r.text.slice(0, 200)}`).toContain(r.status);
      }), { numRuns: 25, seed: 20261123 });
    }
    expect(await api.count(def)).toBe(before);
    if (target) expect((await api.row(def, Number(target.id)))!.version).toBe(target.version);
  });

  test('transition, auth and preference bodies', async () => {
    const def = getEntity('appointments');
    const rec = await api.insert(def);
    const bodies = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ url: `/api/${def.api}/${rec!.id}/transition`, body: v })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ url: `/api/${def.api}/${rec!.id}/transition/undo`, body: v })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ url: '/api/me/prefs', body: v, method: 'PUT' })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ url: '/api/auth/forgot-password', body: v })),
      fc.jsonValue({ maxDepth: 3 }).map((v) => ({ url: '/api/auth/reset-password', body: v })),
      fc.constantFrom('\u0000', 'a\uD800').map((bad) => ({ url: '/api/adminUser/login', body: { email: `x${bad}@example.in`, password: `p${bad}` } })),
    );
    await fc.assert(fc.asyncProperty(bodies, async ({ url, body, method }: { url: string; body: unknown; method?: string }) => {
      const r = await api.call('admin', method ?? 'POST', url, JSON.stringify(body));
      tally.payloads++;
      if (r.status >= 500) tally.fiveHundreds.push(`${url}: ${r.status}`);
      expect(r.status, `${url} ${JSON.stringify(body).slice(0, 100)}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
    }), { numRuns: 200, seed: 20261123 });
    expect((await api.row(def, Number(rec!.id)))!.version).toBe(rec!.version);
  });

  test('none answered 5xx', () => {
    expect(tally.fiveHundreds).toEqual([]);
    expect(tally.payloads).toBeGreaterThan(1000);
  });
});

/**
 * Step-up (server/auth/step-up.ts): every action of STEP_UP_ACTIONS refused with 401 `step_up_required` to a session
 * whose proof is older than STEP_UP_MINUTES (moved back in the database, never waited for), and done once its person
 * gave the password again. A wrong password proves nothing and counts as a failed sign-in.
 */
describe('step-up', () => {
  /** A live session of `role` whose last proof of identity was long ago. */
  async function staleSession(role: Role): Promise<string> {
    const token = await api.newSession(role);
    await sql`update session set proved_at = '2000-01-01T00:00:00Z' where token_hash = ${tokenHash(token)}`.execute(api.db);
    return token;
  }
  const stepUp = (token: string, password: unknown) => api.call({ token }, 'POST', '/api/me/step-up', typeof password === 'string' ? { password } : password);

  test('each dangerous action needs a fresh proof; the password gives one', async () => {
    const patients = getEntity('patients');
    for (let i = await api.count(patients); i <= STEP_UP_EXPORT_ROWS; i += 25) await Promise.all(Array.from({ length: 25 }, () => api.insert(patients)));
    const invoices = getEntity('invoices');
    const invoice = (await api.insert(invoices))!;
    const users = getEntity('admin-user');
    const account = (await api.insert(users))!;
    // A role the account does not have (its own is made at random).
    const { data: made } = (await api.call('superadmin', 'GET', `/api/${users.api}/${account.id}`)).body;
    const railway = (await api.db.selectFrom('role').select('id').where('id', '!=', Number(made.role)).where('key', 'in', ['railway', 'fmc']).orderBy('id').executeTakeFirstOrThrow()).id;
    const other = await api.newSession('doctor');
    const otherId = Number((await sql<{ id: number }>`select id from session where token_hash = ${tokenHash(other)}`.execute(api.db)).rows[0].id);
    const { data: current } = (await api.call('superadmin', 'GET', `/api/${users.api}/${account.id}`)).body;
    const editable = { firstName: current.firstName, lastName: current.lastName, email: current.email, phone: current.phone, avatar: current.avatar, status: current.status, role: current.role, version: current.version };
    const calls: [string, string, string, unknown?][] = [
      ['download a backup', 'GET', '/api/system/backup'],
      ['void an invoice', 'POST', `/api/${invoices.api}/${invoice.id}/transition`, { to: 'void', version: invoice.version, reason: 'Issued twice' }],
      ['revert a change', 'POST', `/api/${users.api}/${account.id}/revert`, { entry: 1, version: current.version }],
      ['make an account', 'POST', `/api/${users.api}`, { ...(await api.payload(users)), role: railway }],
      ['change a role', 'PUT', `/api/${users.api}/${account.id}`, { ...editable, role: railway }],
      ['end another\'s session', 'POST', `/api/sessions/${otherId}/end`, { reason: 'Left the desk open' }],
      ['export > 500 patients', 'GET', `/api/${patients.api}/export?columns=firstName`],
      ['reset another\'s factors', 'POST', `/api/adminUser/${account.id}/mfa/reset`, {}],
      ['remove a passkey', 'DELETE', '/api/me/mfa/webauthn/AAAAAAAAAAAAAAAAAAAAAA'],
    ];
    expect(calls.map((c) => c[1])).toEqual(STEP_UP_ACTIONS.map((a) => a.method));
    const token = await staleSession('superadmin');
    for (const [what, method, url, body] of calls) {
      const r = await api.call({ token }, method, url, body);
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).toBe(401);
      expect(r.body.errors[0].code, what).toBe('step_up_required');
    }
    // Not an end of the session: everything else still works.
    expect((await api.call({ token }, 'GET', `/api/${users.api}/${account.id}`)).status).toBe(200);
    // An edit that leaves the role as it is needs none.
    expect((await api.call({ token }, 'PUT', `/api/${users.api}/${account.id}`, { ...editable, firstName: 'Renamed' })).status).toBe(200);
    editable.version++;

    expect((await api.call({ token }, 'POST', '/api/me/step-up', { code: '000000' })).body.errors[0]).toMatchObject({ field: 'code', code: 'wrong_code' });
    const wrong = await stepUp(token, 'not-the-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'password', code: 'wrong_password' });
    expect((await api.call({ token }, 'GET', '/api/system/backup')).status).toBe(401);
    expect((await stepUp(token, PASSWORD)).status).toBe(200);
    for (const [what, method, url, body] of calls) {
      const r = await api.call({ token }, method, url, what === 'change a role' ? { ...editable, role: railway } : body);
      expect(r.status, `${what}: ${r.text.slice(0, 200)}`).not.toBe(401);
    }
  });

  test('the password may not be guessed here faster than at the sign-in page', async () => {
    const token = await staleSession('fmc');
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await stepUp(token, `guess-${i}`)).status);
    expect(answers).toContain(429);
    // Once the limit holds, the right password waits too.
    expect((await stepUp(token, PASSWORD)).status).toBe(429);
  });

  test('a body that is not { password } is 400', async () => {
    const token = await staleSession('admin');
    for (const body of [{}, { password: '' }, { password: 'x', extra: 1 }, { password: 7 }]) expect((await stepUp(token, body as never)).status).toBe(400);
  });
});

import path from 'node:path';
import { Migrator, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { MIGRATIONS } from '../../src/server/migrations/migrate';
import { deliverOutbox } from '../../src/server/mail';
import { queueMail } from '../../src/server/outbox';
import { captureLog } from '../../src/server/ops/logger';
import { trackStream } from '../../src/server/ops/streams';
import { setupApi } from './harness';

/**
 * The operator's kit (issue 22, part 2): the health probes, the metrics endpoint's guard and content, the request
 * log and its ids, and that no personal data reaches the log whatever a request carries.
 */
const TOKEN = 'metrics-token-for-the-api-tests-0123456789';
const api = setupApi({ env: { METRICS_TOKEN: TOKEN } });

/** The log's lines written while `run` runs, parsed. */
async function logOf(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const release = captureLog((line) => lines.push(line));
  try {
    await run();
  } finally {
    release();
  }
  return lines.map((l) => JSON.parse(l) as Record<string, unknown>);
}

const request = (app: ReturnType<typeof createApp>, url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

describe('health', () => {
  test('live answers JSON; an unknown /health path is a JSON 404, never the page', async () => {
    const live = await api.call('anonymous', 'GET', '/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    for (const url of ['/health', '/health/', '/health/nothing', '/health/live/more']) {
      const r = await api.call('anonymous', 'GET', url);
      expect(r.status, url).toBe(404);
      expect(r.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
    expect((await api.call('anonymous', 'POST', '/health/live')).status).toBe(404);
  });

  test('ready: 200 on a migrated database, 503 with the reason as soon as a shutdown begins', async () => {
    const lifecycle = { stopping: false };
    const app = createApp({ db: api.db, config: api.config, lifecycle, distDir: path.join(api.config.dataDir, 'no-dist') });
    const before = await request(app, '/health/ready');
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ status: 'ok' });
    lifecycle.stopping = true;
    const during = await request(app, '/health/ready');
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ status: 'unavailable', reason: 'The console is shutting down' });
    // Alive all the same: the process answers until it has finished what it was doing.
    expect((await request(app, '/health/live')).status).toBe(200);
  });

  describe('ready on a database without its migrations', () => {
    let bare: Database;
    beforeAll(async () => { bare = await openDatabase({}); });
    afterAll(async () => { await bare?.close(); });

    test('none applied: 503', async () => {
      const app = createApp({ db: bare.db, config: api.config, distDir: path.join(api.config.dataDir, 'no-dist') });
      const r = await request(app, '/health/ready');
      expect(r.status).toBe(503);
      expect(await r.json()).toEqual({ status: 'unavailable', reason: 'The database has no migrations applied' });
    });

    test('some applied: 503 naming the others', async () => {
      const names = Object.keys(MIGRATIONS);
      const first = Object.fromEntries(names.slice(0, 2).map((n) => [n, MIGRATIONS[n]])) as Record<string, Migration>;
      const { error } = await new Migrator({ db: bare.db, provider: { getMigrations: async () => first } }).migrateToLatest();
      expect(error).toBeUndefined();
      const app = createApp({ db: bare.db, config: api.config, distDir: path.join(api.config.dataDir, 'no-dist') });
      const r = await request(app, '/health/ready');
      expect(r.status).toBe(503);
      expect((await r.json()).reason).toBe(`Migrations not applied: ${names.slice(2).join(', ')}`);
    });
  });
});

/** A metrics text's values by series (name and labels as written), undefined where the series is not there. */
function valuesOf(text: string) {
  return (series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
}

describe('metrics', () => {
  const metrics = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => api.call('anonymous', 'GET', '/metrics', undefined, headers);

  test('without METRICS_TOKEN there are none: 404, whatever is sent', async () => {
    const app = createApp({ db: api.db, config: { ...api.config, metricsToken: undefined }, distDir: path.join(api.config.dataDir, 'no-dist') });
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { authorization: 'Bearer ' }] as Record<string, string>[]) {
      const r = await request(app, '/metrics', headers);
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  test('a missing or wrong token, or a session token, is refused with 401; the right one reads them', async () => {
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${api.tokens.superadmin}` }, { authorization: TOKEN }];
    for (const headers of refused) {
      const r = await metrics(headers);
      expect(r.status, JSON.stringify(headers)).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(r.text).not.toContain('console_');
    }
    const ok = await metrics();
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  test('the named series, after some requests', async () => {
    // The counters are the process's: other test files of this worker may have moved them, so counts are differences.
    const before = valuesOf((await metrics()).text);
    const patient = (await api.insert(getEntity('patients')))!;
    expect((await api.call('admin', 'GET', `/api/${getEntity('patients').api}/${patient.id}`)).status).toBe(200);
    expect((await api.call('anonymous', 'POST', '/api/adminUser/login', { email: 'nobody@example.in', password: 'wrong-password' })).status).toBe(401);
    let limited = 0;
    for (let i = 0; i < 12; i++) if ((await api.call('anonymous', 'POST', '/api/auth/forgot-password', { email: `x${i}@example.in` })).status === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    await queueMail(api.db, { to: 'queued@example.in', subject: 'Queued', body: 'x' });
    const untrack = trackStream(() => {});

    const text = (await metrics()).text;
    untrack();
    const value = valuesOf(text);
    // Request durations by route template and status, never by the address with its id.
    expect(value(`console_http_request_duration_seconds_count{method="GET",route="/api/${getEntity('patients').api}/:id",status="200"}`)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/${patient.id}"`);
    expect(value('console_http_request_duration_seconds_count{method="POST",route="/api/adminUser/login",status="401"}')).toBeGreaterThanOrEqual(1);
    expect(value('console_db_statement_duration_seconds_count{statement="select"}')).toBeGreaterThan(0);
    expect(value('console_db_statement_duration_seconds_count{statement="insert"}')).toBeGreaterThan(0);
    expect(value('console_db_wait_seconds_count')).toBeGreaterThan(0);
    expect(value('console_db_waiting')).toBeGreaterThanOrEqual(0);
    expect(value('console_event_streams_open')! - (before('console_event_streams_open') ?? 0)).toBe(1);
    expect(value('console_outbox_messages{status="queued"}')).toBeGreaterThanOrEqual(1);
    expect(value('console_outbox_messages{status="failed"}')).toBeGreaterThanOrEqual(0);
    expect(value('console_outbox_oldest_queued_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('console_sign_in_failures_total')).toBeGreaterThanOrEqual(1);
    expect(value('console_rate_limited_total{limit="forgot"}')! - (before('console_rate_limited_total{limit="forgot"}') ?? 0)).toBe(limited);
    for (const series of ['console_outbox_delivery_failures_total', 'console_backup_failures_total', 'process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds']) {
      expect(value(series), series).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('the request log and request ids', () => {
  test('an id sent plain is kept and echoed; anything else is replaced by a made one; every answer has one', async () => {
    const made = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const kept = await api.call('admin', 'GET', '/api/home', undefined, { 'x-request-id': 'proxy-7f3a.2:1' });
    expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a.2:1');
    for (const bad of ['x'.repeat(65), 'has space', 'semi;colon', 'quote"d', 'ünïcode', '']) {
      const r = await api.call('admin', 'GET', '/api/home', undefined, { 'x-request-id': bad });
      expect(r.headers.get('x-request-id'), bad).toMatch(made);
    }
    // Answers made before any handler, or by none: a refusal, an unknown call, the probe, the page.
    for (const [who, url] of [['anonymous', '/api/home'], ['admin', '/api/nothing-here'], ['anonymous', '/health/live'], ['anonymous', '/dashboard']] as const) {
      expect((await api.call(who, 'GET', url)).headers.get('x-request-id'), url).toMatch(made);
    }
  });

  test('one JSON line per request: id, method, route template, status, duration and user, nothing of what was sent', async () => {
    const patient = (await api.insert(getEntity('patients')))!;
    const search = encodeURIComponent(String(patient.firstName));
    const lines = await logOf(async () => {
      await api.call('admin', 'GET', `/api/${getEntity('patients').api}?q=${search}`, undefined, { 'x-request-id': 'trace-list' });
      await api.call('admin', 'GET', `/api/${getEntity('patients').api}/${patient.id}`, undefined, { 'x-request-id': 'trace-one' });
      await api.call('anonymous', 'GET', `/api/${getEntity('patients').api}/${patient.id}`, undefined, { 'x-request-id': 'trace-refused' });
    });
    expect(lines).toHaveLength(3);
    const [list, one, refused] = lines;
    expect(Object.keys(list).sort()).toEqual(['hostname', 'level', 'method', 'ms', 'msg', 'pid', 'requestId', 'route', 'status', 'time', 'userId']);
    expect(list).toMatchObject({ requestId: 'trace-list', method: 'GET', route: `/api/${getEntity('patients').api}`, status: 200, userId: api.userIds.admin, msg: 'request' });
    expect(one).toMatchObject({ requestId: 'trace-one', route: `/api/${getEntity('patients').api}/:id`, status: 200 });
    // Refused before its handler ran: still named by the route it was on its way to; no user.
    expect(refused).toMatchObject({ requestId: 'trace-refused', route: `/api/${getEntity('patients').api}/:id`, status: 401 });
    expect(refused.userId).toBeUndefined();
    expect(typeof list.ms).toBe('number');
    const text = JSON.stringify(lines);
    for (const sent of [String(patient.firstName), search, `/${patient.id}`, api.tokens.admin!]) expect(text).not.toContain(sent);
  });
});

describe('personal data never reaches the log', () => {
  const person = { firstName: 'Zorbinda', lastName: 'Quillfeather', email: 'zorbinda.quill@canary.example', phone: '+91 9876501234' };
  const secrets: string[] = [];

  test('staff records, sign-ins, searches, exports, mail and its failures', async () => {
    const lines = await logOf(async () => {
      const roles = await api.db.selectFrom('role').select(['id', 'key']).execute();
      const made = await api.call('superadmin', 'POST', '/api/admin-user', {
        ...person, role: roles.find((r) => r.key === 'admin')!.id, status: 'active', password: 'Canary-password-2026!',
      });
      expect(made.status, made.text).toBe(201);
      secrets.push('Canary-password-2026!');
      const id = made.body.data.id;
      await api.call('superadmin', 'PUT', `/api/admin-user/${id}`, { ...made.body.data, lastName: 'Quillfeathers' });
      await api.call('superadmin', 'GET', `/api/admin-user?q=${person.firstName}`);
      await api.call('superadmin', 'GET', `/api/admin-user/export?q=${person.lastName}`);
      await api.call('superadmin', 'GET', `/api/search?q=${encodeURIComponent(person.phone)}`);
      await api.call('superadmin', 'GET', `/api/admin-user/options?q=${person.email}`);
      // A wrong password, then the right one, then a session token sent where it is refused.
      await api.call('anonymous', 'POST', '/api/adminUser/login', { email: person.email, password: 'wrong-password-1' });
      const signedIn = await api.call('anonymous', 'POST', '/api/adminUser/login', { email: person.email, password: 'Canary-password-2026!' });
      secrets.push(signedIn.body.data.token);
      await api.call('anonymous', 'GET', '/metrics', undefined, { authorization: `Bearer ${signedIn.body.data.token}` });
      await api.call('anonymous', 'POST', '/api/auth/signup', { ...person, email: 'zorbinda.2@canary.example', role: 'doctor', password: 'Canary-password-2026!' });
      // Mail to the address: one refused by the server with the address in its error, one delivered.
      await queueMail(api.db, { to: person.email, subject: `Hello ${person.firstName}`, body: `Dear ${person.firstName} ${person.lastName}` });
      await deliverOutbox(api.db, api.config, { transport: async (m) => { throw new Error(`550 <${m.to}>: mailbox unavailable (${person.phone})`); } });
      await queueMail(api.db, { to: person.email, subject: `Hello again ${person.firstName}`, body: 'x' });
      await deliverOutbox(api.db, api.config, { transport: async () => {} });
      // A body the server cannot take, and one it refuses, both quoting the person.
      await api.call('superadmin', 'POST', '/api/admin-user', `{"firstName": "${person.firstName}", "email": "${person.email}"`);
      await api.call('superadmin', 'POST', '/api/admin-user', { ...person, role: 'not-a-role' });
    });
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.some((l) => String(l.msg).includes('not delivered'))).toBe(true);
    const text = JSON.stringify(lines).toLowerCase();
    for (const value of [person.firstName, person.lastName, person.email, person.phone, person.phone.replace(/\D/g, ''), 'canary.example', ...secrets]) {
      expect(text, value).not.toContain(value.toLowerCase());
    }
  });
});

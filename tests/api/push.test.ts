import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { columnName, getEntity } from '../../src/registry';
import { ident } from '../../src/server/db/entity-table';
import { deliverOutbox } from '../../src/server/mail';
import { setupApi } from './harness';

/**
 * Push through FCM's HTTP v1 API, driven against a fake FCM on this machine: a new inbox item of a user with devices
 * is queued in the outbox in the write's transaction; the sender signs in with the service account (a JWT its token
 * address checks), sends to each device, forgets a device FCM answers UNREGISTERED for, and retries a failure.
 * Without a service account nothing is sent and nothing fails.
 */
const api = setupApi();
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

interface Sent { auth: string | undefined; message: { token: string; notification: { title: string }; data: Record<string, string>; webpush: unknown } }
const fake = { sent: [] as Sent[], all: [] as Sent[], tokenCalls: 0, badJwt: 0, failOnce: new Set<string>() };
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const json = (status: number, v: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
      if (req.url === '/token') {
        fake.tokenCalls++;
        const jwt = new URLSearchParams(body).get('assertion') ?? '';
        const [h, c, s] = jwt.split('.');
        const ok = createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s ?? '', 'base64url'));
        const claims = JSON.parse(Buffer.from(c ?? '', 'base64url').toString() || '{}');
        if (!ok || claims.iss !== 'sender@test-project.iam.gserviceaccount.com' || claims.aud !== `${base}/token`) { fake.badJwt++; return json(400, { error: 'invalid_grant' }); }
        return json(200, { access_token: 'fake-access-token', expires_in: 3600, token_type: 'Bearer' });
      }
      if (req.url === '/v1/projects/test-project/messages:send') {
        const { message } = JSON.parse(body);
        fake.sent.push({ auth: req.headers.authorization, message });
        fake.all.push({ auth: req.headers.authorization, message });
        if (message.token.startsWith('gone-')) return json(404, { error: { code: 404, status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } });
        if (fake.failOnce.delete(message.token)) return json(503, { error: { code: 503, status: 'UNAVAILABLE' } });
        return json(200, { name: `projects/test-project/messages/${fake.sent.length}` });
      }
      json(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const configured = () => ({
  ...api.config,
  firebaseServiceAccount: { project_id: 'test-project', client_email: 'sender@test-project.iam.gserviceaccount.com', private_key: PEM, token_uri: `${base}/token` },
  fcmBaseUrl: base,
});
const register = (token: string) => api.call('admin', 'POST', `/api/fcmToken/${api.userIds.admin}`, { token: { userId: api.userIds.admin, userType: 'admin', device_token: token, device_type: 'web' } });
const devices = async () => (await api.db.selectFrom('fcm_token').select('device_token').where('user_id', '=', api.userIds.admin).orderBy('device_token').execute()).map((d) => d.device_token);
const pushes = async () => (await sql<{ id: number; status: string; tries: number; last_error: string | null; recipient: string }>`select id, status, tries, last_error, recipient from outbox where channel = 'push' order by id`.execute(api.db)).rows;

/** A payment the superadmin rejects: an inbox item for the admin. */
async function rejectPayment(): Promise<string> {
  const def = getEntity('payment');
  const rec = (await api.insert(def))!;
  await sql`update ${sql.raw(ident(def.table))} set ${sql.raw(ident(columnName('status', def.fields.status)))} = 'pending' where id = ${rec.id}`.execute(api.db);
  const version = Number((await api.row(def, Number(rec.id)))!.version);
  const r = await api.call('superadmin', 'POST', `/api/${def.api}/${rec.id}/transition`, { to: 'rejected', version });
  expect(r.status, r.text).toBe(200);
  return String(rec.number);
}

const noMail = async () => {};

describe('push', () => {
  test('nothing is queued for a user without a device; without a service account nothing is sent and nothing fails', async () => {
    await rejectPayment();
    expect(await pushes()).toEqual([]);
    expect((await register('good-device-token-1')).status).toBe(200);
    await rejectPayment();
    const queued = await pushes();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', recipient: String(api.userIds.admin) });
    const lines: string[] = [];
    await deliverOutbox(api.db, api.config, { log: (l) => lines.push(l), transport: noMail });
    expect((await pushes())[0]).toMatchObject({ status: 'dropped', last_error: null });
    expect(fake.sent).toEqual([]);
    expect(lines.join('\n')).toContain('push is not configured');
  });

  test('sent to every device of the user through FCM v1; an unregistered device is forgotten; a failure is retried', async () => {
    expect((await register('gone-device-token-2')).status).toBe(200);
    expect((await register('flaky-device-token-3')).status).toBe(200);
    fake.failOnce.add('flaky-device-token-3');
    const number = await rejectPayment();
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    await deliverOutbox(api.db, configured(), { log, transport: noMail });
    expect(fake.badJwt).toBe(0);
    expect(fake.tokenCalls).toBe(1);
    expect(fake.sent.map((s) => s.message.token).sort()).toEqual(['flaky-device-token-3', 'gone-device-token-2', 'good-device-token-1']);
    for (const s of fake.sent) {
      expect(s.auth).toBe('Bearer fake-access-token');
      expect(s.message.notification.title).toBe(`Payment ${number} was rejected`);
      expect(s.message.data.link).toBe(`${api.config.publicUrl}/dashboard/payment/rejected?q=${encodeURIComponent(number)}`);
    }
    // The device FCM no longer knows is forgotten; the row is retried for the one that failed.
    expect(await devices()).toEqual(['flaky-device-token-3', 'good-device-token-1']);
    const row = (await pushes()).at(-1)!;
    expect(row).toMatchObject({ status: 'queued', tries: 1, last_error: 'FCM answered 503 UNAVAILABLE' });

    await sql`update outbox set next_try_at = now() where id = ${row.id}`.execute(api.db);
    fake.sent = [];
    await deliverOutbox(api.db, configured(), { log, transport: noMail });
    expect(fake.sent.map((s) => s.message.token).sort()).toEqual(['flaky-device-token-3', 'good-device-token-1']);
    expect(fake.sent.every((s) => (s.message.webpush as { notification: { tag: string } }).notification.tag === fake.sent[0].message.data.tag)).toBe(true);
    expect((await pushes()).at(-1)).toMatchObject({ status: 'sent', tries: 2, last_error: null });
    // The access token is kept between messages.
    expect(fake.tokenCalls).toBe(1);
    // The log names messages by id: never a device token, a title or a number.
    const text = lines.join('\n');
    expect(text).toMatch(/message \d+ \(inbox, push\) sent to 2 devices/);
    for (const secret of ['device-token', number, 'fake-access-token']) expect(text).not.toContain(secret);
  });

  test('in the language the user chose: French for a French reader, English again once they choose it', async () => {
    const said = async () => {
      fake.sent = [];
      const number = await rejectPayment();
      await deliverOutbox(api.db, configured(), { log: () => {}, transport: noMail });
      expect(fake.sent.length).toBeGreaterThan(0);
      return { number, titles: [...new Set(fake.sent.map((s) => s.message.notification.title))] };
    };
    expect((await api.call('admin', 'PUT', '/api/me/prefs', { lang: 'fr' })).status).toBe(200);
    const fr = await said();
    expect(fr.titles).toEqual([`Le paiement ${fr.number} a été refusé`]);
    expect((await api.call('admin', 'PUT', '/api/me/prefs', { lang: 'en' })).status).toBe(200);
    const en = await said();
    expect(en.titles).toEqual([`Payment ${en.number} was rejected`]);
  });

  test('an item read before it left is not pushed', async () => {
    await rejectPayment();
    await api.call('admin', 'POST', '/api/me/notifications/read-all');
    fake.sent = [];
    await deliverOutbox(api.db, configured(), { log: () => {}, transport: noMail });
    expect(fake.sent).toEqual([]);
    expect((await pushes()).at(-1)).toMatchObject({ status: 'dropped' });
  });
});

describe('the messaging service worker', () => {
  test('absent without FIREBASE_CONFIG', async () => {
    expect((await api.app.request('/firebase-messaging-sw.js')).status).toBe(404);
    expect((await api.app.request('/firebase-messaging-sw/app.js')).status).toBe(404);
  });

  test('with it: JavaScript made from the config, its scripts from the console itself, allowed by the CSP', async () => {
    const { createApp } = await import('../../src/server/app');
    const config = { ...api.config, firebaseConfig: JSON.stringify({ apiKey: 'AIza-test', projectId: 'test-project', messagingSenderId: '123', appId: '1:123:web:abc', evil: '</script>' }) };
    const app = createApp({ db: api.db, config, database: api.database, distDir: '/nonexistent' });
    const res = await app.request('/firebase-messaging-sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.googleapis\.com/);
    const js = await res.text();
    expect(js).toContain("importScripts('/firebase-messaging-sw/app.js', '/firebase-messaging-sw/messaging.js')");
    expect(js).toContain('"projectId":"test-project"');
    expect(js).not.toContain('evil');
    for (const name of ['app.js', 'messaging.js']) {
      const s = await app.request(`/firebase-messaging-sw/${name}`);
      expect(s.status).toBe(200);
      expect((await s.text()).length).toBeGreaterThan(1000);
    }
    expect((await app.request('/firebase-messaging-sw/other.js')).status).toBe(404);
  });

  test('a click on a push opens its record: an open console tab is focused and sent there, else a window opens', async () => {
    const { createApp } = await import('../../src/server/app');
    const config = { ...api.config, firebaseConfig: JSON.stringify({ apiKey: 'AIza-test', projectId: 'test-project', messagingSenderId: '123', appId: '1:123:web:abc' }) };
    const js = await (await createApp({ db: api.db, config, database: api.database, distDir: '/nonexistent' }).request('/firebase-messaging-sw.js')).text();
    // The link a push carried (the tests above sent some to the fake FCM), as Firebase shows it: the message under FCM_MSG.
    const sent = fake.all.find((m) => m.message.data.link);
    expect(sent).toBeDefined();
    const origin = new URL(api.config.publicUrl).origin;

    /** The worker run as a browser runs it, with the tabs given; what its click handler did. */
    const click = async (link: string, tabs: string[]) => {
      const did = { focused: [] as string[], posted: [] as unknown[], opened: [] as string[], stopped: false, closed: false, firebaseSaw: false };
      const listeners: ((e: unknown) => void)[] = [];
      const windows = tabs.map((url) => ({ url, focus: async function (this: { url: string }) { did.focused.push(this.url); return this; }, postMessage: (m: unknown) => did.posted.push(m) }));
      const self = {
        location: new URL(`${origin}/firebase-messaging-sw.js`),
        addEventListener: (type: string, fn: (e: unknown) => void) => { if (type === 'notificationclick') listeners.push(fn); },
        clients: { matchAll: async () => windows, openWindow: async (url: string) => { did.opened.push(url); return null; } },
      };
      // Firebase's own handler, as its messaging script adds it: after the console's, which must come first.
      const firebase = { initializeApp: () => ({}), messaging: () => self.addEventListener('notificationclick', () => { did.firebaseSaw = true; }) };
      runInNewContext(js, { self, importScripts: () => {}, firebase, URL });
      let waited: Promise<unknown> = Promise.resolve();
      let stop = false;
      const event = {
        notification: { data: { FCM_MSG: { ...sent!.message, data: { ...sent!.message.data, link } } }, close: () => { did.closed = true; } },
        stopImmediatePropagation: () => { stop = true; did.stopped = true; },
        waitUntil: (p: Promise<unknown>) => { waited = p; },
      };
      for (const fn of listeners) { if (stop) break; fn(event); }
      await waited;
      return did;
    };

    const link = sent!.message.data.link;
    const path = link.slice(origin.length);
    expect(path).toMatch(/^\/dashboard\//);
    const open = await click(link, [`${origin}/signin`, `${origin}/dashboard/patients`]);
    expect(open).toMatchObject({ focused: [`${origin}/dashboard/patients`], posted: [{ type: 'console-open', link: path }], opened: [], stopped: true, closed: true, firebaseSaw: false });
    const none = await click(link, [`${origin}/signin`]);
    expect(none).toMatchObject({ focused: [], posted: [], opened: [link], stopped: true });
    // A link elsewhere is not the console's to open: Firebase's own handler has it.
    const elsewhere = await click('https://elsewhere.example/dashboard/x', [`${origin}/dashboard/patients`]);
    expect(elsewhere).toMatchObject({ focused: [], posted: [], opened: [], stopped: false, firebaseSaw: true });
  });
});

import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { PASSWORD, setupApi } from './harness';

/**
 * A body over the limit is answered 413 before it is read, and a call can be refused before its body is read. On a
 * real keep-alive connection such an answer must close the connection: otherwise the unread rest of the body is left on
 * it, and the client's next request on it fails (before the fix: "socket hang up"). One socket at a time
 * (maxSockets: 1), so without the close the follow-up request would go on the same connection.
 */
const api = setupApi({ roles: ['admin'] });
let server: ServerType;
let port: number;
let agent: http.Agent;
/** The server's side of every connection, in the order they were opened. */
const sockets: Socket[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
    server.on('connection', (socket: Socket) => sockets.push(socket));
  });
});

afterAll(async () => {
  agent?.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; text: string; reusedSocket: boolean }

function send(method: string, path: string, opts: { body?: Uint8Array; headers?: Record<string, string>; chunked?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.body && !opts.chunked) headers['content-length'] = opts.body.length;
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, reusedSocket: req.reusedSocket }));
      res.on('error', reject);
    });
    req.on('error', (err) => reject(new Error(`${method} ${path}: ${err.message}`)));
    if (!opts.body) return void req.end();
    if (!opts.chunked) return void req.end(opts.body);
    // Chunked (no Content-Length): the server only finds out it is too large while reading it.
    for (let i = 0; i < opts.body.length; i += 64 * 1024) req.write(opts.body.subarray(i, i + 64 * 1024));
    req.end();
  });
}

const json = { 'content-type': 'application/json' };
const signedIn = () => ({ ...json, authorization: `Bearer ${api.tokens.admin}` });
const bodyOf = (bytes: number) => new TextEncoder().encode(JSON.stringify({ title: 'x'.repeat(bytes) }));
const MB = 1024 * 1024;

interface Case { name: string; method: string; path: string; body: () => Uint8Array; headers: () => Record<string, string>; chunked?: boolean; status: number; code: string }

const CASES: Case[] = [
  { name: 'signed in, a 2 MB POST to /api/specialist → 413', method: 'POST', path: '/api/specialist', body: () => bodyOf(2 * MB), headers: signedIn, status: 413, code: 'too_large' },
  { name: 'anonymous, a 2 MB POST to /api/adminUser/login → 413', method: 'POST', path: '/api/adminUser/login', body: () => bodyOf(2 * MB), headers: () => json, status: 413, code: 'too_large' },
  { name: 'signed in, a 2 MB chunked POST (no Content-Length) to /api/specialist → 413', method: 'POST', path: '/api/specialist', body: () => bodyOf(2 * MB), headers: signedIn, chunked: true, status: 413, code: 'too_large' },
  { name: 'signed in, a 3 MB upload to /api/upload → 413', method: 'POST', path: '/api/upload', body: () => new Uint8Array(3 * MB), headers: () => ({ authorization: `Bearer ${api.tokens.admin}`, 'content-type': 'image/png' }), status: 413, code: 'too_large' },
  // Under the limit but refused before it is read: the same holds for any answer sent with the body unread.
  { name: 'anonymous, a 900 KB POST to /api/specialist → 401, its body never read', method: 'POST', path: '/api/specialist', body: () => bodyOf(900 * 1024), headers: () => json, status: 401, code: 'unauthenticated' },
];

describe('an answer sent before the request body was read closes the connection; the next request, on a new one, succeeds', () => {
  for (const c of CASES) {
    test(c.name, async () => {
      agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const opened = sockets.length;
      const early = await send(c.method, c.path, { body: c.body(), headers: c.headers(), chunked: c.chunked });
      expect(early.status).toBe(c.status);
      expect(JSON.parse(early.text).errors[0].code).toBe(c.code);
      expect(early.headers.connection).toBe('close');
      // The server really closes its side of that connection (not only says so).
      const socket = sockets[opened];
      if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));

      const next = await send('GET', '/api/auth/config');
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(false);
      // And a second normal request goes on the connection the first one opened, kept alive as usual.
      const again = await send('GET', '/api/auth/config');
      expect(again.status).toBe(200);
      expect(again.reusedSocket).toBe(true);
      agent.destroy();
    });
  }
});

describe('the caller\'s address', () => {
  test('over a real connection, a sign-in records the socket\'s peer (in-process calls have none: "local")', async () => {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const body = new TextEncoder().encode(JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }));
    const answer = await send('POST', '/api/adminUser/login', { body, headers: json });
    expect(answer.status, answer.text).toBe(200);
    const row = (await sql<{ address: string }>`select address from session where user_id = ${api.userIds.admin} order by id desc limit 1`.execute(api.db)).rows[0];
    expect(row.address).toBe('127.0.0.1');
    agent.destroy();
  });
});

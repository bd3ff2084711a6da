import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callConsole, startConsole } from '../support/console-process';

/**
 * Past one machine (issue 8): two console processes on one PostgreSQL behave as one console. A session made on one
 * is accepted, and ended, on the other; sign-in attempts count across both; an edit that is stale on one is stale on
 * the other. Runs with the PostgreSQL suite (`npm run test:pg`, TEST_DATABASE_URL); skipped without a server.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'scale-out-password-for-tests';
const procs: ChildProcess[] = [];
let dbName = '';
let dataDir = '';
const ports = [8311 + (process.pid % 200), 8521 + (process.pid % 200)];
const base = (i: number) => `http://127.0.0.1:${ports[i]}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

/** Starts a console process on `port` and waits until it listens. */
const start = (port: number, databaseUrl: string) => startConsole({ port, databaseUrl, dataDir, password: PASSWORD }, procs);
const call = (i: number, method: string, url: string, body?: unknown, token?: string) => callConsole(base(i), method, url, body, token);

describe.skipIf(!adminUrl)('two console processes on one PostgreSQL', () => {
  beforeAll(async () => {
    dbName = `console_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'console-scale-'));
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    // The first migrates and seeds; the second finds the database ready.
    await start(ports[0], url.toString());
    await start(ports[1], url.toString());
  });

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dbName) await admin(`drop database if exists ${dbName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a session made on one is accepted, and ended, on the other', async () => {
    const signed = await call(0, 'POST', '/api/adminUser/login', { email: 'admin@demo.test', password: PASSWORD });
    expect(signed.status).toBe(200);
    const token = signed.body.data.token;
    expect((await call(1, 'GET', '/api/adminUser/validate/authToken', undefined, token)).status).toBe(200);
    expect((await call(1, 'POST', '/api/adminUser/logout', {}, token)).status).toBe(200);
    const after = await call(0, 'GET', '/api/adminUser/validate/authToken', undefined, token);
    expect(after.status).toBe(401);
    expect(after.body.errors[0].expired).toBe(true);
  });

  test('sign-in attempts count across both processes', async () => {
    const statuses: number[][] = [[], []];
    for (let n = 0; n < 24; n++) {
      const i = n % 2;
      statuses[i].push((await call(i, 'POST', '/api/adminUser/login', { email: 'railway@demo.test', password: `wrong-${n}` })).status);
    }
    // Each process alone saw 12 attempts; the limit (counted in the database) was reached across both.
    expect(statuses[0]).toContain(429);
    expect(statuses[1]).toContain(429);
    expect(statuses.flat().filter((s) => s === 401).length).toBeLessThan(12);
  });

  test('an edit made on one makes the same stale edit on the other 409', async () => {
    const token = (await call(0, 'POST', '/api/adminUser/login', { email: 'superadmin@demo.test', password: PASSWORD })).body.data.token;
    const made = await call(0, 'POST', '/api/specialist', { name: `Scale-out ${randomBytes(3).toString('hex')}`, status: 'active' }, token);
    expect(made.status).toBe(201);
    const rec = made.body.data;
    const edit = (i: number, name: string) => call(i, 'PUT', `/api/specialist/${rec.id}`, { name, description: null, icon: null, sortOrder: null, status: 'active', version: rec.version }, token);
    const [a, b] = await Promise.all([edit(0, `${rec.name} A`), edit(1, `${rec.name} B`)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).body.errors[0].code).toBe('stale');
  });
});

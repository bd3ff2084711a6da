import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callConsole, startConsole } from '../support/console-process';

/**
 * A campaign on one PostgreSQL with several console processes (issue 37): each process's scheduler ticks every second
 * and takes due runs with `skip locked`, so two processes send each message once, a pause made on one and a resume on
 * the other included; and a SIGKILL of every process mid-send loses nothing and doubles nothing: a process started
 * afterwards takes the run again once its lease is over (ended here by the test, as time would) and goes on where the
 * dead one stopped. Runs with the PostgreSQL suite (`npm run test:pg`, TEST_DATABASE_URL); skipped without a server.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'campaign-processes-password';
const PATIENTS = 12_000;
const procs: ChildProcess[] = [];
let dbName = '';
let dbUrl = '';
let dataDir = '';
const ports = [8731 + (process.pid % 150), 8901 + (process.pid % 150)];
const base = (i: number) => `http://127.0.0.1:${ports[i]}`;

async function query<T extends pg.QueryResultRow>(url: string, statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return (await client.query<T>(statement, values)).rows; } finally { await client.end(); }
}

/** Starts a console process on `port` (ticking every second) and waits until it listens. */
const start = (port: number) =>
  startConsole({ port, databaseUrl: dbUrl, dataDir, password: PASSWORD, env: { SCHEDULER_TICK_SECONDS: '1' } }, procs);
const call = (i: number, method: string, url: string, body?: unknown, token?: string) => callConsole(base(i), method, url, body, token);

/** Reads `read` again until `done` says its answer is the state waited for (each read is a state, not a time). */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    await new Promise((r) => setImmediate(r));
  }
}

const campaignRow = async (id: number) => (await query<{ status: string; sent: number | null; recipients: number | null }>(dbUrl, 'select status, sent, recipients from notification_campaign where id = $1', [id]))[0]!;
/** The campaign's outbox rows: how many, and how many distinct recipients. */
const outbox = async (id: number) => (await query<{ n: number; people: number }>(dbUrl, `select count(*)::int as n, count(distinct recipient)::int as people from outbox where message_key like $1`, [`campaign:${id}:%`]))[0]!;
const expected = async () => (await query<{ n: number }>(dbUrl, `select count(distinct regexp_replace(phone, '[^0-9+]', '', 'g'))::int as n from patient where status = 'active' and not campaign_opt_out`))[0]!.n;

describe.skipIf(!adminUrl)('campaigns with two console processes on one PostgreSQL', () => {
  let token = '';
  beforeAll(async () => {
    dbName = `console_campaign_${process.pid}_${randomBytes(3).toString('hex')}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'console-campaign-'));
    await query(adminUrl!, `create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    await start(ports[0]);
    await start(ports[1]);
    await query(dbUrl, `insert into patient (first_name, last_name, phone, status) select 'P' || i, 'Many', '+91 97' || lpad(i::text, 8, '0'), 'active' from generate_series(1, ${PATIENTS}) i`);
    token = (await call(0, 'POST', '/api/adminUser/login', { email: 'superadmin@demo.test', password: PASSWORD })).body.data.token;
  });

  afterAll(async () => {
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dbName) await query(adminUrl!, `drop database if exists ${dbName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const campaign = async () => {
    const made = await call(0, 'POST', '/api/notification', { title: 'Clinic hours', body: 'New clinic hours.', audience: 'patient', channel: 'sms' }, token);
    expect(made.status).toBe(201);
    return made.body.data as { id: number; version: number };
  };
  const move = async (i: number, id: number, to: string) => {
    const rec = (await call(i, 'GET', `/api/notification/${id}`, undefined, token)).body.data;
    return call(i, 'POST', `/api/notification/${id}/transition`, { to, version: rec.version }, token);
  };

  test('both processes send; paused on one, resumed on the other: each message once', async () => {
    const c = await campaign();
    expect((await move(0, c.id, 'sending')).status).toBe(200);
    await until(() => campaignRow(c.id), (r) => (r.sent ?? 0) > 0);
    // Never a loop without end: a campaign sent before the pause landed fails here, saying so.
    const tried = await until(async () => ({ moved: await move(1, c.id, 'paused'), row: await campaignRow(c.id) }),
      ({ moved, row }) => moved.status === 200 || row.status !== 'sending');
    expect(tried.moved.status, `the pause, while ${tried.row.status}`).toBe(200);
    const paused = await campaignRow(c.id);
    expect(paused.status).toBe('paused');
    expect((await move(0, c.id, 'sending')).status).toBe(200);
    const done = await until(() => campaignRow(c.id), (r) => r.status === 'sent');
    const want = await expected();
    expect(done).toMatchObject({ recipients: want, sent: want });
    expect(await outbox(c.id)).toEqual({ n: want, people: want });
  });

  test('every process killed (SIGKILL) mid-send: one started afterwards sends the rest, nobody twice', async () => {
    const c = await campaign();
    expect((await move(0, c.id, 'sending')).status).toBe(200);
    const before = await until(() => campaignRow(c.id), (r) => (r.sent ?? 0) > 0);
    for (const p of procs.splice(0)) p.kill('SIGKILL');
    const killed = await campaignRow(c.id);
    expect(killed.status).toBe('sending');
    expect(killed.sent).toBeGreaterThanOrEqual(before.sent!);
    const left = await outbox(c.id);
    expect(left.n).toBe(left.people);
    expect(left.n).toBeLessThan(await expected());
    // The dead holder's lease ends (as 300 s would end it), and a new process takes the run.
    await query(dbUrl, `update job_run set locked_until = now() - interval '1 second' where job = 'campaign.send' and key = $1 and state = 'running'`, [String(c.id)]);
    await start(ports[0]);
    const done = await until(() => campaignRow(c.id), (r) => r.status === 'sent');
    const want = await expected();
    expect(done.sent).toBe(want);
    expect(await outbox(c.id)).toEqual({ n: want, people: want });
  });
});

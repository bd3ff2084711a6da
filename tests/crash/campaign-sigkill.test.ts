import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { boot } from '../../src/server/boot';
import { BATCH } from '../../src/server/campaigns/send';
import { readConfig } from '../../src/server/config';
import { openDatabase, type DB } from '../../src/server/db/connection';
import { ServerProcess, signIn } from './server-process';

/**
 * A campaign's send killed with SIGKILL on the embedded database (issue 37): the console process dies after at least
 * one batch of the send was written and before the last. On the folder the kill left: the campaign is still sending,
 * its `sent` is exactly the outbox rows it has, each person once. A console started again takes the run once its
 * lease is over (ended here on the folder, as time would end it) and goes on where the dead one stopped: in the end
 * every patient of the audience has exactly one message, and the campaign's counts say so.
 */
const PASSWORD = 'crash-test-password';
const ENV = { DEMO_PASSWORD: PASSWORD, SCRYPT_LOG_N: '10', DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none', SCHEDULER_TICK_SECONDS: '1' };
const PATIENTS = 40 * BATCH;
const root = mkdtempSync(path.join(tmpdir(), 'console-campaign-crash-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
  rmSync(root, { recursive: true, force: true });
});

interface Campaign { id: number; version: number; status: string; sent: number | null; recipients: number | null }

async function call(base: string, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; data: Campaign }> {
  const res = await fetch(`${base}${url}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  });
  return { status: res.status, data: ((await res.json()) as { data: Campaign }).data };
}

/** The campaign's outbox rows: how many, and how many people (by address, what the key names). */
async function outbox(db: DB, id: number) {
  return (await sql<{ rows: number; people: number }>`select count(*)::int as rows, count(distinct recipient)::int as people
    from outbox where message_key like ${`campaign:${id}:%`}`.execute(db)).rows[0];
}

/** Reads the folder itself, with no console on it. */
async function onFolder<T>(dataDir: string, read: (db: DB) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir, fsync: true });
  try { return await read(database.db); } finally { await database.close(); }
}

async function started(dataDir: string): Promise<{ server: ServerProcess; token: string }> {
  const server = await ServerProcess.start({ ...ENV, DATA_DIR: dataDir });
  servers.push(server);
  await server.waitFor(/Console listening/);
  return { server, token: (await signIn(server.url, 'superadmin@demo.test', PASSWORD))! };
}

test('a kill -9 mid-send leaves whole batches, and the next start sends the rest, each person once', async () => {
  const dataDir = path.join(root, 'data');
  // The folder made and filled before any console serves it: patients are not added from the console.
  const made = await boot({ ...readConfig({}), dataDir, databaseUrl: undefined, demoPassword: PASSWORD, demoData: false, scryptLogN: 10 });
  await sql`insert into patient (first_name, last_name, phone, status)
    select 'P' || i, 'Crash', '+91 98' || lpad(i::text, 8, '0'), 'active' from generate_series(1, ${PATIENTS}) i`.execute(made.db);
  await made.close();

  let { server, token } = await started(dataDir);
  const created = await call(server.url, token, 'POST', '/api/notification', { title: 'Clinic hours', body: 'New clinic hours.', audience: 'patient', channel: 'sms' });
  expect(created.status).toBe(201);
  const id = created.data.id;
  expect((await call(server.url, token, 'POST', `/api/notification/${id}/transition`, { to: 'sending', version: created.data.version })).status).toBe(200);
  // Killed once a batch is in and before the last: read as it goes, no timer.
  let seen = (await call(server.url, token, 'GET', `/api/notification/${id}`)).data;
  while (!seen.sent && seen.status === 'sending') seen = (await call(server.url, token, 'GET', `/api/notification/${id}`)).data;
  // A read or two more, so the kill lands inside a later batch as often as between two.
  for (let more = Math.floor(Math.random() * 3); more > 0 && seen.status === 'sending'; more--) seen = (await call(server.url, token, 'GET', `/api/notification/${id}`)).data;
  await server.kill();
  expect(seen.status, 'the kill came before the send ended').toBe('sending');

  // The folder as the kill left it: whole batches, `sent` counting exactly the rows there, nobody twice.
  const killed = await onFolder(dataDir, async (db) => ({
    campaign: (await sql<{ status: string; sent: number; recipients: number }>`select status, sent, recipients from notification_campaign where id = ${id}`.execute(db)).rows[0],
    outbox: await outbox(db, id),
  }));
  expect(killed.campaign).toMatchObject({ status: 'sending', recipients: PATIENTS });
  expect(killed.campaign.sent).toBeGreaterThanOrEqual(seen.sent!);
  expect(killed.campaign.sent).toBeLessThan(PATIENTS);
  expect(killed.campaign.sent % BATCH, 'whole batches only').toBe(0);
  expect(killed.outbox).toEqual({ rows: killed.campaign.sent, people: killed.campaign.sent });

  // The dead process's lease on the run ends (as its 300 s would), then a console starts on the folder again.
  await onFolder(dataDir, (db) => sql`update job_run set locked_until = now() - interval '1 second'
    where job = 'campaign.send' and key = ${String(id)} and state = 'running'`.execute(db));
  ({ server, token } = await started(dataDir));
  let done = (await call(server.url, token, 'GET', `/api/notification/${id}`)).data;
  while (done.status === 'sending') done = (await call(server.url, token, 'GET', `/api/notification/${id}`)).data;
  expect(done).toMatchObject({ status: 'sent', recipients: PATIENTS, sent: PATIENTS });
  await server.stop();

  // Every patient once: as many rows as people as patients, and the count of the messages queued agrees.
  const after = await onFolder(dataDir, async (db) => ({
    outbox: await outbox(db, id),
    runs: (await sql<{ state: string; messages: number }>`select state, messages from job_run where job = 'campaign.send' and key = ${String(id)}`.execute(db)).rows,
  }));
  expect(after.outbox).toEqual({ rows: PATIENTS, people: PATIENTS });
  expect(after.runs.map((r) => r.state)).toEqual(['done']);
});

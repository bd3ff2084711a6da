import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ENTITIES, ROLES } from '../../src/registry';
import { backupsIn } from '../../src/server/backup/schedule';
import type { DB } from '../../src/server/db/connection';
import { personalDataIn } from '../api/log-privacy';
import { inspect } from './database-state';
import { ServerProcess, signIn, sleep } from './server-process';

/**
 * The restore drill (issue 22, part 3), with the real console and the real `npm run restore`:
 *  1. a console (A) with scheduled backups takes its first one at start, checks it, and keeps BACKUP_KEEP of them;
 *  2. records, an upload and an account are written; a superadmin downloads a backup (GET /api/system/backup);
 *  3. more is written after it, and A is stopped with SIGTERM in the middle of an upload, which still finishes;
 *  4. the backup is restored (refused into A's folder, which is not empty; restored into a new one);
 *  5. the restored folder holds, table by table, exactly A's records, accounts and audit rows up to the backup, and
 *     nothing after it; a console (B) starts on it, the demo accounts sign in, the upload is served.
 * Every log line of both consoles is JSON without personal data (tests/api/log-privacy.ts).
 */
const PASSWORD = 'drill-password-1';
const TOKEN = 'drill-metrics-token-0123456789abcdef';
const PNG = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(n, 7)]);
const patient = { firstName: 'Ysolde', lastName: 'Brackenridge', email: 'ysolde.b@drill.example', phone: '+91 9123409876' };

let root: string;
const dir = (name: string) => path.join(root, name);
const consoles: ServerProcess[] = [];
const env = (dataDir: string, extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none', SCRYPT_LOG_N: '10', METRICS_TOKEN: TOKEN, ...extra });

async function start(dataDir: string, extra: Record<string, string> = {}) {
  const server = await ServerProcess.start(env(dataDir, extra));
  consoles.push(server);
  await server.waitFor(/Console listening/);
  return server;
}

async function call(server: ServerProcess, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function upload(server: ServerProcess, token: string, png: Buffer): Promise<string> {
  const res = await fetch(`${server.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: new Uint8Array(png) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { path: string } }).data.path;
}

type Digests = Record<string, { rows: number; lastId: number; digest: string }>;

/** Records, accounts and audit rows as one comparable text per table, up to each table's id `upTo` when given. */
async function digests(db: DB, upTo?: Record<string, number>): Promise<Digests> {
  const out: Digests = {};
  for (const t of new Set([...ENTITIES.map((e) => e.table), 'audit_log'])) {
    const r = (await sql<{ rows: number; last_id: number | null; digest: string | null }>`
      select count(*)::int as rows, max(id)::int as last_id, md5(string_agg(t::text, '|' order by id)) as digest
      from ${sql.table(t)} t where id <= ${upTo?.[t] ?? 2 ** 31 - 1}`.execute(db)).rows[0];
    out[t] = { rows: r.rows, lastId: r.last_id ?? 0, digest: r.digest ?? '' };
  }
  return out;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'console-drill-'));
});

afterAll(async () => {
  for (const server of consoles) await server.kill();
  const lines = consoles.flatMap((s) => s.lines).filter(Boolean);
  const offending = lines.map(personalDataIn).filter(Boolean);
  console.log(`restore drill: ${lines.length} log lines of ${consoles.length} consoles read; ${offending.length} with personal data`);
  rmSync(root, { recursive: true, force: true });
  expect(offending).toEqual([]);
});

test('back up, write more, restore into a new folder, start, compare', async () => {
  // 1. Scheduled backups: three older ones are there; the first of A's is due at once; two are kept.
  const backups = dir('backups');
  mkdirSync(backups);
  for (const day of ['01', '02', '03']) writeFileSync(path.join(backups, `console-backup-202001${day}T000000Z.tar.gz`), 'an old backup');
  const a = await start(dir('a'), { BACKUP_DIR: backups, BACKUP_KEEP: '2', BACKUP_EVERY_HOURS: '24' });
  await a.waitFor(/\[backup\] console-backup-\d{8}T\d{6}Z\.tar\.gz: .* written and checked/);
  expect(backupsIn(backups).map((b) => b.name)).toEqual([expect.stringMatching(/^console-backup-20\d\d/), 'console-backup-20200103T000000Z.tar.gz']);
  expect(backupsIn(backups)[0].name).not.toBe('console-backup-20200103T000000Z.tar.gz');
  expect(readdirSync(backups).filter((n) => n.endsWith('.partial') || n.startsWith('.check-'))).toEqual([]);

  // 2. Written before the backup.
  const token = (await signIn(a.url, 'superadmin@demo.test', PASSWORD))!;
  expect((await call(a, token, 'POST', '/api/specialist', { name: 'Drill before', status: 'active' })).status).toBe(201);
  const roles = (await call(a, token, 'GET', '/api/roles?limit=50')).body.data as { _id: string; id: number; key: string }[];
  const staff = await call(a, token, 'POST', '/api/admin-user', { ...patient, role: roles.find((r) => r.key === 'admin')!.id, status: 'active', password: 'Drill-staff-password-2026' });
  expect(staff.status).toBe(201);
  const before = await upload(a, token, PNG(100));

  const download = await fetch(`${a.url}/api/system/backup`, { headers: { authorization: `Bearer ${token}` } });
  expect(download.status).toBe(200);
  const file = dir('downloaded.tar.gz');
  writeFileSync(file, Buffer.from(await download.arrayBuffer()));

  // 3. Written after it; then SIGTERM while an upload is under way: it still finishes, nothing new is let in.
  expect((await call(a, token, 'POST', '/api/specialist', { name: 'Drill after', status: 'active' })).status).toBe(201);
  const slow = PNG(4000);
  const req = request(`${a.url}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', 'content-length': slow.length } });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (s: string) => { text += s; }).on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
  });
  answered.catch(() => {}); // awaited below; a failure before then is the test's, not an unhandled rejection
  req.write(slow.subarray(0, 1000));
  // The upload has reached the server when the metrics count it under way, beside their own request.
  const inFlight = async () => Number(/^console_http_requests_in_flight (\d+)$/m.exec(await (await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text())?.[1]);
  while ((await inFlight()) < 2) await sleep(50);
  process.kill(a.pid, 'SIGTERM');
  await a.waitFor(/SIGTERM: shutting down: no new connections; 1 requests under way/);
  await expect(fetch(`${a.url}/health/live`)).rejects.toThrow();
  req.end(slow.subarray(1000));
  const after = await answered;
  expect(after.status, after.text).toBe(201);
  expect(await a.exited).toBe(0);
  // In this order: the shutdown begins, the upload under way is answered, then everything closes.
  let at = -1;
  for (const re of [/SIGTERM: shutting down/, /"route":"\/api\/upload","status":201/, /shutdown: requests finished, streams and database closed/]) {
    const next = a.lines.findIndex((l, i) => i > at && re.test(l));
    expect(next, `${re} after line ${at}:\n${a.lines.slice(-6).join('\n')}`).toBeGreaterThan(at);
    at = next;
  }

  // 4. Restore: never over a database; into a new folder.
  const refused = await ServerProcess.start({ DATA_DIR: dir('a') }, ['src/server/backup/restore-cli.ts', file]);
  expect(await refused.exited).toBe(2);
  expect(refused.lines.join('\n')).toMatch(/is not empty/);
  const restore = await ServerProcess.start({ DATA_DIR: dir('b') }, ['src/server/backup/restore-cli.ts', file]);
  expect(await restore.exited, restore.lines.join('\n')).toBe(0);
  expect(restore.lines.join('\n')).toMatch(/every table counted against the backup's manifest/);

  // 5. Compare: B holds A's records, accounts and audit rows up to the backup, row for row, and nothing written after.
  const restored = await inspect(dir('b'), { copy: false }, (db) => digests(db));
  const upTo = Object.fromEntries(Object.entries(restored).map(([t, d]) => [t, d.lastId]));
  const [original, all] = await inspect(dir('a'), { copy: false }, async (db) => [await digests(db, upTo), await digests(db)]);
  expect(restored).toEqual(original);
  expect(all.speciality.rows).toBe(restored.speciality.rows + 1);
  expect(all.audit_log.rows).toBeGreaterThan(restored.audit_log.rows);
  expect(restored.admin_user.rows).toBe(ROLES.length + 1);

  const b = await start(dir('b'));
  const tokens = await Promise.all(ROLES.map((role) => signIn(b.url, `${role}@demo.test`, PASSWORD)));
  expect(tokens.every(Boolean)).toBe(true);
  expect(await signIn(b.url, patient.email, 'Drill-staff-password-2026')).toBeTruthy();
  const names = ((await call(b, tokens[0]!, 'GET', '/api/specialist?q=Drill')).body.data as { name: string }[]).map((s) => s.name);
  expect(names).toEqual(['Drill before']);
  const content = (p: string) => fetch(`${b.url}/${p}`, { headers: { authorization: `Bearer ${tokens[0]}` } });
  expect((await content(before)).status).toBe(200);
  expect((await content(JSON.parse(after.text).data.path)).status).toBe(404);
  expect((await fetch(`${b.url}/health/ready`)).status).toBe(200);
  await b.stop();
  expect(await b.exited).toBe(0);
});

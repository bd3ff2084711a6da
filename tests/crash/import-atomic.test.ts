import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { IMPORT_BATCH } from '../../src/server/import/run';
import { ServerProcess, signIn } from './server-process';

/**
 * An import killed with SIGKILL (issue 38 §1): the console process dies in the middle of an import of states, after
 * at least one batch was written. On the folder the kill left: the records written are whole batches only, each with
 * its audit entries, and exactly what the run's counts say; the run reads `interrupted`; and the same file imported
 * again adds the rest and nothing twice (its key column, the state's code, finds the rows already there).
 */
const PASSWORD = 'crash-test-password';
const ENV = { DEMO_PASSWORD: PASSWORD, SCRYPT_LOG_N: '10', DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none' };
const ROWS = 10 * IMPORT_BATCH;
const root = mkdtempSync(path.join(tmpdir(), 'console-import-crash-'));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
  rmSync(root, { recursive: true, force: true });
});

/** Codes of three capitals no reference state has (they start with X, Y or Z), one per row. */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const code = (i: number) => `${'XYZ'[Math.floor(i / 676)]}${LETTERS[Math.floor(i / 26) % 26]}${LETTERS[i % 26]}`;
const file = ['Name,Code', ...Array.from({ length: ROWS }, (_, i) => `Crash state ${i},${code(i)}`)].join('\n');

interface Run { id: number; state: string; done: number; added: number; skipped: number; total: number }

async function call(base: string, token: string, method: string, url: string, body?: string): Promise<{ status: number; body: { data: Run } }> {
  const res = await fetch(`${base}${url}`, { method, body, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'text/csv' } : {}) } });
  return { status: res.status, body: (await res.json()) as { data: Run } };
}

/** What the kill left, read on the folder itself before any console opens it again: the run's counts and the rows. */
async function onDisk(dataDir: string, id: number) {
  const database = await openDatabase({ dataDir, fsync: true });
  try {
    const run = (await sql<{ state: string; done_rows: number; added: number }>`select state, done_rows, added from import_run where id = ${id}`.execute(database.db)).rows[0];
    const rows = (await sql<{ n: number }>`select count(*)::int as n from state where name like 'Crash state %'`.execute(database.db)).rows[0].n;
    const audited = (await sql<{ n: number }>`select count(*)::int as n from audit_log where entity = 'state' and action = 'create' and changes ? 'import'`.execute(database.db)).rows[0].n;
    return { state: run.state, done: run.done_rows, added: run.added, rows, audited };
  } finally {
    await database.close();
  }
}

test('a kill -9 mid-import leaves whole batches, and a re-run adds nothing twice', async () => {
  const dataDir = path.join(root, 'data');
  let server = await ServerProcess.start({ ...ENV, DATA_DIR: dataDir });
  servers.push(server);
  await server.waitFor(/Console listening/);
  let token = (await signIn(server.url, 'superadmin@demo.test', PASSWORD))!;
  const started = await call(server.url, token, 'POST', '/api/state/import', file);
  expect(started.status).toBe(202);
  const id = started.body.data.id;
  // Killed once a batch is in and before the last: read as it goes, no timer.
  let seen = { done: 0 } as Run;
  try {
    seen = (await call(server.url, token, 'GET', `/api/imports/${id}`)).body.data;
    while (seen.done === 0 && seen.state === 'running') seen = (await call(server.url, token, 'GET', `/api/imports/${id}`)).body.data;
    // Then a few reads more, so the kill lands somewhere in the next batches rather than just after one committed
    // (where even rows committed one by one would look whole).
    for (let more = 1 + Math.floor(Math.random() * 5); more > 0 && seen.state === 'running'; more--) seen = (await call(server.url, token, 'GET', `/api/imports/${id}`)).body.data;
  } catch (err) {
    throw new Error(`the console stopped answering: ${String(err)}\n${server.lines.slice(-30).join('\n')}`);
  }
  await server.kill();
  expect(seen.done, 'the kill came before the import ended').toBeLessThan(ROWS);

  // The folder as the kill left it: the rows are exactly the batches the run counts, each with its audit entry.
  const killed = await onDisk(dataDir, id);
  expect(killed.state).toBe('running');
  expect(killed.done % IMPORT_BATCH, 'whole batches only').toBe(0);
  expect(killed.done).toBeGreaterThanOrEqual(seen.done);
  expect(killed).toMatchObject({ added: killed.done, rows: killed.done, audited: killed.done });

  server = await ServerProcess.start({ ...ENV, DATA_DIR: dataDir });
  servers.push(server);
  await server.waitFor(/Console listening/);
  token = (await signIn(server.url, 'superadmin@demo.test', PASSWORD))!;
  const left = (await call(server.url, token, 'GET', `/api/imports/${id}`)).body.data;
  // The start marks it interrupted (main.ts), its counts as the kill left them.
  expect(left).toMatchObject({ state: 'interrupted', done: killed.done, added: killed.done });

  const again = (await call(server.url, token, 'POST', '/api/state/import', file)).body.data.id;
  let rerun = (await call(server.url, token, 'GET', `/api/imports/${again}`)).body.data;
  while (rerun.state === 'running') rerun = (await call(server.url, token, 'GET', `/api/imports/${again}`)).body.data;
  expect(rerun).toMatchObject({ state: 'done', added: ROWS - left.done, skipped: left.done });
  await server.stop();

  // Read on the folder itself: every row once, each written with its audit entry under its import.
  const database = await openDatabase({ dataDir, fsync: true });
  try {
    const rows = (await sql<{ n: number; names: number }>`select count(*)::int as n, count(distinct name)::int as names from state where name like 'Crash state %'`.execute(database.db)).rows[0];
    expect(rows).toEqual({ n: ROWS, names: ROWS });
    const audited = (await sql<{ run: string; n: number }>`select changes->>'import' as run, count(*)::int as n from audit_log
      where entity = 'state' and action = 'create' and changes ? 'import' group by 1 order by 1`.execute(database.db)).rows;
    expect(audited).toEqual([{ run: String(id), n: left.done }, { run: String(again), n: ROWS - left.done }]);
  } finally {
    await database.close();
  }
});

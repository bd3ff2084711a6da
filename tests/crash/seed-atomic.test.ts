import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { ROLES } from '../../src/registry';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { migrate } from '../../src/server/migrations/migrate';
import { seedIfEmpty } from '../../src/server/seed/seed';

/**
 * The first-start seed is one transaction (the SIGKILL version of these is tests/crash/sigkill.test.ts (b)):
 * a seed that stops halfway leaves the database as empty as before, so the next start seeds it again.
 */
let database: Database;
let dataDir: string;
/** A migrated, empty database, migrated once: each test starts from a copy of it. */
let migrated: Blob;
const scryptLogN = 10;
const n = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(table)}`.execute(database.db)).rows[0].n);

beforeAll(async () => {
  const once = await openDatabase({});
  await migrate(once.db);
  await sql`checkpoint`.execute(once.db);
  migrated = await once.dumpDataDir!();
  await once.close();
});
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-seed-'));
  database = await openDatabase({ loadDataDir: migrated });
});
afterEach(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a seed that fails after the accounts were written leaves no trace, and the next seed completes', async () => {
  const stopAfterAccounts = (line: string) => {
    if (line.startsWith('Seeded reference data and the demo accounts')) throw new Error('the process dies here');
  };
  await expect(seedIfEmpty(database.db, { demoPassword: 'x-password-1', demoData: false, scryptLogN, log: stopAfterAccounts })).rejects.toThrow('the process dies here');
  for (const table of ['role', 'admin_user', 'state', 'speciality', 'audit_log', 'search_index']) expect(await n(table), table).toBe(0);

  expect(await seedIfEmpty(database.db, { demoPassword: 'x-password-1', demoData: false, scryptLogN })).not.toBeNull();
  const emails = await sql<{ email: string }>`select email from admin_user order by id`.execute(database.db);
  expect(emails.rows.map((r) => r.email)).toEqual(ROLES.map((r) => `${r}@demo.test`));
});

test('a seed that fails in the demo data leaves no accounts either (all or nothing)', async () => {
  const stopInDemo = (line: string) => {
    if (line.startsWith('Seeded the catalogue')) throw new Error('the process dies here');
  };
  await expect(seedIfEmpty(database.db, { demoPassword: 'x-password-1', demoData: true, scryptLogN, log: stopInDemo })).rejects.toThrow();
  expect(await n('admin_user')).toBe(0);
  expect(await n('patient')).toBe(0);
});

test('a seeded database is not seeded again, and two seeds at once seed once', async () => {
  const both = await Promise.all([0, 1].map(() => seedIfEmpty(database.db, { demoPassword: 'x-password-1', demoData: false, scryptLogN })));
  expect(both.filter(Boolean)).toHaveLength(1);
  expect(await n('admin_user')).toBe(ROLES.length);
  expect(await seedIfEmpty(database.db, { demoPassword: 'x-password-1', demoData: false, scryptLogN })).toBeNull();
});

test('a generated demo password is written before the seed commits: a seed that fails after it leaves a file the next seed overwrites', async () => {
  const file = path.join(dataDir, 'demo-credentials.txt');
  const dieAfterPassword = (line: string) => {
    if (line.startsWith('Demo password')) throw new Error('the process dies here');
  };
  await expect(seedIfEmpty(database.db, { demoData: false, scryptLogN, dataDir, log: dieAfterPassword })).rejects.toThrow();
  expect(await n('admin_user')).toBe(0);
  const before = readFileSync(file, 'utf8');
  const r = await seedIfEmpty(database.db, { demoData: false, scryptLogN, dataDir });
  expect(readFileSync(file, 'utf8')).toContain(`password: ${r!.password}`);
  expect(readFileSync(file, 'utf8')).not.toBe(before);
});

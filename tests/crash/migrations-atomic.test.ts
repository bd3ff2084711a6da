import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { migrate, MIGRATIONS } from '../../src/server/migrations/migrate';
import { recordedMigrations, schemaAfterEachMigration, schemaFingerprint } from './database-state';

/**
 * Kysely's migrator runs the pending migrations in one transaction when the adapter supports transactional DDL
 * (its PostgresAdapter, used for both PGlite and PostgreSQL, does). On PGlite that holds too: a migration that
 * fails after its statements rolls back with every migration of the same run, tables, indexes, extension and
 * all, and the next start runs them again. (Killed with SIGKILL instead of failing: tests/crash/sigkill.test.ts (c).)
 */
const NAMES = Object.keys(MIGRATIONS).sort();
let schemaAfter: string[];
let root: string;

beforeAll(async () => {
  schemaAfter = await schemaAfterEachMigration();
  root = mkdtempSync(path.join(tmpdir(), 'console-migrate-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Today's migrations up to `upTo`, the last of them failing after its own statements ran. */
function failingAt(upTo: number): Record<string, Migration> {
  const chosen = NAMES.slice(0, upTo + 1);
  return Object.fromEntries(chosen.map((name, i) => [name, i < upTo ? MIGRATIONS[name] : {
    async up(db) {
      await MIGRATIONS[name].up(db);
      throw new Error(`${name} fails after its statements`);
    },
  }]));
}

// The first and the last migration failing, in memory and on disk (with fsync, as the console runs). The SIGKILL
// test kills the migrator inside randomly chosen migrations.
const LAST = NAMES.length - 1;
const CASES = [['in memory', NAMES[0], 0, false], ['in memory', NAMES[LAST], LAST, false], ['on disk', NAMES[LAST], LAST, true]] as const;

describe('PGlite', () => {
  test.each(CASES)('%s: a run that fails in %s applies none of its migrations', async (_where, _name, upTo, onDisk) => {
    const dataDir = onDisk ? mkdtempSync(path.join(root, 'db-')) : undefined;
    const database = await openDatabase({ dataDir, fsync: onDisk });
    try {
      // An upgrade: half of the migrations before the failing one are already there.
      const already = Math.floor(upTo / 2);
      const first = Object.fromEntries(NAMES.slice(0, already).map((n) => [n, MIGRATIONS[n]]));
      expect((await new Migrator({ db: database.db, provider: { getMigrations: async () => first } }).migrateToLatest()).error).toBeUndefined();

      const run = await new Migrator({ db: database.db, provider: { getMigrations: async () => failingAt(upTo) } }).migrateToLatest();
      expect(String(run.error)).toContain('fails after its statements');
      expect(await recordedMigrations(database.db)).toEqual(NAMES.slice(0, already));
      expect(await schemaFingerprint(database.db)).toBe(schemaAfter[already]);

      expect(await migrate(database.db)).toEqual(NAMES.slice(already));
      expect(await schemaFingerprint(database.db)).toBe(schemaAfter[NAMES.length]);
    } finally {
      await database.close();
    }
  });
});

test('DDL inside a transaction rolls back on PGlite (what the above relies on)', async () => {
  const database = await openDatabase({});
  try {
    await expect(database.db.transaction().execute(async (tx) => {
      await sql`create table rolled_back (id int)`.execute(tx);
      await sql`create index rolled_back_id on rolled_back (id)`.execute(tx);
      throw new Error('stop');
    })).rejects.toThrow('stop');
    expect((await sql<{ t: string | null }>`select to_regclass('rolled_back')::text as t`.execute(database.db)).rows[0].t).toBeNull();
  } finally {
    await database.close();
  }
});

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROLES } from '../../src/registry';
import { openDatabase, type DB } from '../../src/server/db/connection';
import { MIGRATIONS } from '../../src/server/migrations/migrate';
import { ROLE_ROWS } from '../../src/server/seed/reference-data';
import { inspect, recordedMigrations, schemaAfterEachMigration, schemaFingerprint } from './database-state';
import { randomBetween, ServerProcess, signIn, sleep } from './server-process';

/**
 * Crash-safe by test (issue 9 item 4): the real console process, killed with SIGKILL 20 times, and restarted
 * each time on what the kill left:
 *  (a) 9 kills while a client sends writes (specialities created as the superadmin), alternately with the
 *      embedded database as PGlite ships it (PGLITE_FSYNC=0) and with fsync (the default);
 *  (b) 5 kills at a random moment of the first start's seeding (DEMO_DATA=1), within its first 10 s (or 90% of
 *      its length, once a run that finished its seed before the kill has measured it); each restart (DEMO_DATA=0,
 *      quicker) seeds the accounts and reference data again;
 *  (c) 6 kills inside a migration: 4 in a migration held open on purpose (migrate-slowly.ts, after the migration's
 *      statements, before the migrator's commit; the migrations before it run at full speed; some on a database
 *      that already had earlier migrations) and 2 at a random moment of a first start on an empty folder (one
 *      while the database folder is made, one after).
 *      (b) and (c) alternate PGLITE_FSYNC=1 and 0 too.
 * In (a) every restart meets the folder exactly as the kill left it (the lock of a dead process, a database to
 * recover). In (b) and (c) the test reads the killed folder first (its open recovers it, with the console's own
 * code), then restarts the console on it.
 * Counted: acknowledged writes lost (0), writes found without their audit or search row (0), half-seeded
 * databases (0), half-applied migrations (0: every recorded migration fully there, nothing of an unrecorded one),
 * and restarts that came up with the five demo accounts signing in (all of them).
 */
const PASSWORD = 'crash-test-password';
const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();
const BASE_ENV = { DEMO_PASSWORD: PASSWORD, SCRYPT_LOG_N: '10', DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none' };

const counts = {
  crashKills: 0,
  acknowledgedWrites: 0, acknowledgedWritesLost: 0, writesWithoutAuditOrSearchRow: 0,
  killsDuringSeeding: 0, killsAfterSeeding: 0, halfSeededDatabases: 0,
  killsInsideMigrations: 0, killsElsewhereInFirstStart: 0, halfAppliedMigrations: 0,
  restarts: 0, restartsWithAllAccounts: 0,
};
const notes: string[] = [];
const cycleSeconds: Record<string, string[]> = { a: [], b: [], c: [] };
/** Seconds since `t0`, kept for the summary (where a slow machine spends its time). */
const took = (phase: string, t0: number) => cycleSeconds[phase].push(((Date.now() - t0) / 1000).toFixed(1));

let root: string;
let empty: string; // a database folder without migrations
let template: string; // migrated, not seeded
let schemaAfter: string[];
/** The window of (b)'s kills: the first 10 s of a seed, or 90% of it once a run has shown that it takes less. */
let seedWindowMs = 10_000;

const dir = (name: string) => path.join(root, name);
const env = (dataDir: string, extra: Record<string, string> = {}) => ({ ...BASE_ENV, DATA_DIR: dataDir, ...extra });

/** Restart on a killed folder: it must come up, and the five demo accounts must sign in. */
async function restart(dataDir: string, extra: Record<string, string> = {}): Promise<{ server: ServerProcess; token: string }> {
  const server = await ServerProcess.start(env(dataDir, extra));
  await server.waitFor(/Console listening/);
  counts.restarts++;
  const tokens = await Promise.all(ROLES.map((role) => signIn(server.url, `${role}@demo.test`, PASSWORD)));
  if (tokens.every(Boolean)) counts.restartsWithAllAccounts++;
  else notes.push(`restart on ${dataDir}: ${ROLES.filter((_, i) => !tokens[i]).join(', ')} could not sign in`);
  return { server, token: tokens[0] ?? '' };
}

/** The crash: SIGKILL in the middle of something. (A restart that passed its checks is ended with server.kill() too, uncounted.) */
async function crash(server: ServerProcess) {
  await server.kill();
  counts.crashKills++;
}

/** A database folder with the first k migrations (a copy of the empty one, then migrated in this process). */
async function migrateFolder(data: string, k: number) {
  cpSync(empty, data, { recursive: true });
  if (k === 0) return;
  const database = await openDatabase({ dataDir: data, fsync: true });
  const first = Object.fromEntries(MIGRATION_NAMES.slice(0, k).map((n) => [n, MIGRATIONS[n]])) as Record<string, Migration>;
  const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => first } }).migrateToLatest();
  await database.close();
  if (error) throw error;
}

const count = async (db: DB, query: RawBuilder<{ n: number }>) => Number((await query.execute(db)).rows[0].n);

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'console-crash-'));
  schemaAfter = await schemaAfterEachMigration();
  empty = dir('empty');
  await (await openDatabase({ dataDir: empty, fsync: true })).close();
  template = dir('template');
  await migrateFolder(template, MIGRATION_NAMES.length);
});

afterAll(() => {
  console.log([
    'Crash test (SIGKILL of the real console process):',
    ...Object.entries(counts).map(([k, v]) => `  ${k}: ${v}`),
    ...Object.entries(cycleSeconds).map(([k, v]) => `  (${k}) cycles took ${v.join(' ')} s`),
    ...(notes.length ? ['notes:', ...notes.map((n) => `  ${n}`)] : []),
  ].join('\n'));
  if (root) rmSync(root, { recursive: true, force: true });
});

test('(a) acknowledged writes survive SIGKILL, with PGlite as it ships and with fsync', async () => {
  const data = dir('writes');
  cpSync(template, data, { recursive: true });
  const first = await ServerProcess.start(env(data));
  await first.waitFor(/Console listening/);
  let server = first;
  let token = (await signIn(server.url, 'superadmin@demo.test', PASSWORD))!;
  let mode = 'fsync';
  const acknowledged: { name: string; mode: string }[] = [];

  for (let cycle = 0; cycle < 9; cycle++) {
    const t0 = Date.now();
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Crash a${cycle} w${w} n${i}`;
        try {
          const res = await fetch(`${server.url}/api/specialist`, {
            method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ name, status: 'active' }),
          });
          await res.arrayBuffer();
          if (res.ok) acknowledged.push({ name, mode });
          else notes.push(`write ${name}: ${res.status}`);
        } catch {
          return; // the server is gone: this write was never acknowledged
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await sleep(randomBetween(300, 1200));
    await crash(server);
    stop = true;
    await Promise.all(writers);
    // Alternate: the next process runs with PGlite's own settings, the one after with fsync.
    mode = cycle % 2 === 0 ? 'as shipped' : 'fsync';
    ({ server, token } = await restart(data, { PGLITE_FSYNC: mode === 'fsync' ? '1' : '0' }));
    took('a', t0);
  }
  await server.kill();

  const state = await inspect(data, { copy: false }, async (db) => {
    const rows = (await sql<{ name: string; audited: boolean; indexed: boolean }>`
      select s.name,
        exists (select 1 from audit_log a where a.entity = 'speciality' and a.record_id = s.id and a.action = 'create') as audited,
        exists (select 1 from search_index x where x.entity = 'speciality' and x.record_id = s.id) as indexed
      from speciality s where s.name like 'Crash a%'`.execute(db)).rows;
    return rows;
  });
  const present = new Set(state.map((r) => r.name));
  const lost = acknowledged.filter((w) => !present.has(w.name));
  counts.acknowledgedWrites += acknowledged.length;
  counts.acknowledgedWritesLost += lost.length;
  counts.writesWithoutAuditOrSearchRow += state.filter((r) => !r.audited || !r.indexed).length;
  for (const w of lost.slice(0, 5)) notes.push(`lost: ${w.name} (${w.mode})`);
  expect(acknowledged.length).toBeGreaterThan(8);
  expect(lost).toEqual([]);
  expect(state.filter((r) => !r.audited || !r.indexed)).toEqual([]);
});

test('(b) a kill during first-start seeding leaves an empty database, and the restart seeds it', async () => {
  for (let cycle = 0; cycle < 5; cycle++) {
    const t0 = Date.now();
    const data = dir(`seed-${cycle}`);
    cpSync(template, data, { recursive: true });
    const fsync = cycle % 2 === 0 ? '1' : '0';
    const server = await ServerProcess.start(env(data, { DEMO_DATA: '1', PGLITE_FSYNC: fsync }));
    await server.waitFor(/Seeding the empty database/);
    await sleep(randomBetween(0, seedWindowMs));
    await crash(server);
    if (server.has(/Seed committed/)) {
      // The seed was quicker than the window: later kills land within 90% of its length, as measured here.
      const seedMs = Date.parse(server.timeOf(/Seed committed/)) - Date.parse(server.timeOf(/Seeding the empty database/));
      seedWindowMs = Math.min(seedWindowMs, seedMs * 0.9);
      notes.push(`a first-start seed with demo data took ${seedMs} ms (the window of (b)'s later kills)`);
    }
    const state = await inspect(data, { copy: false }, async (db) => ({
      roles: await count(db, sql`select count(*)::int as n from role`),
      users: await count(db, sql`select count(*)::int as n from admin_user`),
      demoAccounts: await count(db, sql`select count(*)::int as n from admin_user where email like '%@demo.test'`),
      specialities: await count(db, sql`select count(*)::int as n from speciality`),
      audit: await count(db, sql`select count(*)::int as n from audit_log`),
    }));
    const empty = Object.values(state).every((n) => n === 0);
    const seeded = state.roles === ROLE_ROWS.length && state.demoAccounts === ROLES.length;
    if (empty) counts.killsDuringSeeding++;
    else if (seeded) counts.killsAfterSeeding++;
    else {
      counts.halfSeededDatabases++;
      notes.push(`half-seeded after a kill: ${JSON.stringify(state)}`);
    }
    const { server: again } = await restart(data, { PGLITE_FSYNC: fsync });
    await again.kill();
    rmSync(data, { recursive: true, force: true });
    took('b', t0);
  }
  expect(counts.halfSeededDatabases).toBe(0);
  expect(counts.killsDuringSeeding).toBeGreaterThan(0);
});

/** After a kill: every recorded migration is whole and nothing of an unrecorded one is there. */
async function checkMigrations(data: string, when: string): Promise<string[]> {
  const { recorded, schema } = await inspect(data, { copy: false }, async (db) => ({ recorded: await recordedMigrations(db), schema: await schemaFingerprint(db) }));
  if (recorded.length > MIGRATION_NAMES.length) throw new Error(`${when}: recorded ${recorded.join(', ')}: more migrations than this test knows (were migrations added while it ran?)`);
  const prefix = recorded.every((n, i) => n === MIGRATION_NAMES[i]);
  if (!prefix || schema !== schemaAfter[recorded.length]) {
    counts.halfAppliedMigrations++;
    const want = new Set(schemaAfter[recorded.length].split('\n'));
    const have = new Set(schema.split('\n'));
    const diff = [...[...want].filter((l) => !have.has(l)).map((l) => `missing ${l}`), ...[...have].filter((l) => !want.has(l)).map((l) => `extra ${l}`)];
    notes.push(`${when}: recorded ${recorded.join(', ') || 'none'}, but the schema is not what those migrations make: ${diff.slice(0, 3).join('; ')}`);
  }
  return recorded;
}

test('(c) a kill inside a migration leaves no migration half-applied, and the restart applies them all', async () => {
  const pause = 250;
  for (let cycle = 0; cycle < 6; cycle++) {
    const t0 = Date.now();
    const data = dir(`migrate-${cycle}`);
    // Half of the processes with fsync (the default), half as PGlite ships.
    const fsync = cycle % 2 === 0 ? '1' : '0';
    if (cycle < 4) {
      // Some databases already have earlier migrations (an upgrade); the kill lands in a later one.
      const before = cycle % 2 === 0 ? 0 : Math.floor(Math.random() * MIGRATION_NAMES.length);
      await migrateFolder(data, before);
      const target = MIGRATION_NAMES[before + Math.floor(Math.random() * (MIGRATION_NAMES.length - before))];
      const child = await ServerProcess.start(env(data, { PGLITE_FSYNC: fsync }), ['tests/crash/migrate-slowly.ts', data, String(pause), target]);
      await child.waitFor(new RegExp(`migrating ${target}$`));
      await sleep(randomBetween(0, pause));
      if (child.has(/^migrated$/)) notes.push(`migration kill ${cycle} landed after the commit`);
      await crash(child);
      counts.killsInsideMigrations++;
      const recorded = await checkMigrations(data, `killed in ${target}`);
      if (recorded.length !== before) notes.push(`killed in ${target}: ${recorded.length} recorded, ${before} before`);
    } else {
      // The console itself on an empty folder, killed at a random moment of its first start: once while the
      // database folder is being made, once after (in the migrations, or around them).
      const server = await ServerProcess.start(env(data, { PGLITE_FSYNC: fsync }));
      const folder = path.join(data, 'pgdata');
      const waitFor = cycle === 4 ? `${folder}.new` : folder;
      while (!existsSync(waitFor) && server.running) await sleep(20);
      await sleep(randomBetween(0, 1500));
      const landed = !existsSync(folder) ? 'while the database folder was being made'
        : server.has(/Applied migrations/) ? 'after the migrations' : 'in the migrations (or just before them)';
      await crash(server);
      counts.killsElsewhereInFirstStart++;
      notes.push(`first-start kill ${cycle} landed ${landed}`);
      await checkMigrations(data, `first start killed ${landed}`);
    }
    const { server } = await restart(data, { PGLITE_FSYNC: fsync });
    await server.kill();
    const recorded = await checkMigrations(data, 'after the restart');
    expect(recorded).toEqual(MIGRATION_NAMES);
    rmSync(data, { recursive: true, force: true });
    took('c', t0);
  }
  expect(counts.halfAppliedMigrations).toBe(0);
  expect(counts.restartsWithAllAccounts).toBe(counts.restarts);
});

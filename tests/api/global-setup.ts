import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { boot } from '../../src/server/boot';
import { readConfig } from '../../src/server/config';
import { buildServerBundles, bundleFolder, ROOT } from '../crash/server-bundle';
import { createDatabase, seededConfig } from './seeded-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** An archive of the embedded database after the first start's migrations and seed (the accounts only). */
    seededDataDir: string;
    /** With TEST_DATABASE_URL: a PostgreSQL database in that state, the template of each test file's own. */
    seededTemplate: string;
    /** The scripts tests start as processes (the console…) → their bundle, built from this run's sources (tests/crash/server-bundle.ts). */
    serverBundles: Record<string, string>;
  }
}

interface Prepared {
  provided: { serverBundles: Record<string, string>; seededDataDir: string; seededTemplate: string };
  cleanup: () => Promise<void>;
}

/**
 * Migrates and seeds a database once for the whole run, the first start's work that every API test file would
 * otherwise repeat (about five seconds a file, most of it the demo accounts' password hashes): each file then starts
 * from a copy of it (tests/api/harness.ts). What a first start does is tested where it is the subject (schema, seed,
 * crash tests), on a database of its own. Also bundles the consoles the crash tests start (tests/crash/server-bundle.ts).
 */
async function prepare(): Promise<Prepared> {
  const bundles = bundleFolder();
  const serverBundles = await buildServerBundles(ROOT, bundles);
  const folder = mkdtempSync(path.join(tmpdir(), 'console-api-seed-'));
  const removeFiles = () => {
    rmSync(folder, { recursive: true, force: true });
    rmSync(bundles, { recursive: true, force: true });
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createDatabase(adminUrl, 'console_test_seed');
    const database = await boot(readConfig({ ...seededConfig(folder), DATABASE_URL: template.url }));
    await database.close();
    return { provided: { serverBundles, seededDataDir: '', seededTemplate: template.name }, cleanup: async () => { await template.drop(); removeFiles(); } };
  }
  const database = await boot(readConfig(seededConfig(folder)), { memory: true });
  await sql`checkpoint`.execute(database.db);
  const archive = path.join(folder, 'seeded.tar');
  writeFileSync(archive, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  return { provided: { serverBundles, seededDataDir: archive, seededTemplate: '' }, cleanup: async () => removeFiles() };
}

/** Both API projects (vitest.config.ts) name this setup: the run prepares once, and cleans up after the last of them. */
const shared = globalThis as { consoleApiSetup?: { prepared: Promise<Prepared>; users: number } };

export default async function setup(project: TestProject) {
  shared.consoleApiSetup ??= { prepared: prepare(), users: 0 };
  const run = shared.consoleApiSetup;
  run.users++;
  const { provided, cleanup } = await run.prepared;
  project.provide('serverBundles', provided.serverBundles);
  project.provide('seededDataDir', provided.seededDataDir);
  project.provide('seededTemplate', provided.seededTemplate);
  return async () => {
    if (--run.users > 0) return;
    shared.consoleApiSetup = undefined;
    await cleanup();
  };
}

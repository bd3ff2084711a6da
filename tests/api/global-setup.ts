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

/**
 * Migrates and seeds a database once for the whole run, the first start's work that every API test file would
 * otherwise repeat (about five seconds a file, most of it the demo accounts' password hashes): each file then starts
 * from a copy of it (tests/api/harness.ts). What a first start does is tested where it is the subject (schema, seed,
 * crash tests), on a database of its own.
 */
export default async function setup(project: TestProject) {
  const bundles = bundleFolder();
  project.provide('serverBundles', await buildServerBundles(ROOT, bundles));
  const dropBundles = () => rmSync(bundles, { recursive: true, force: true });
  const folder = mkdtempSync(path.join(tmpdir(), 'console-api-seed-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createDatabase(adminUrl, 'console_test_seed');
    const database = await boot(readConfig({ ...seededConfig(folder), DATABASE_URL: template.url }));
    await database.close();
    project.provide('seededTemplate', template.name);
    project.provide('seededDataDir', '');
    return async () => { await template.drop(); rmSync(folder, { recursive: true, force: true }); dropBundles(); };
  }
  const database = await boot(readConfig(seededConfig(folder)), { memory: true });
  await sql`checkpoint`.execute(database.db);
  const archive = path.join(folder, 'seeded.tar');
  writeFileSync(archive, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  project.provide('seededDataDir', archive);
  project.provide('seededTemplate', '');
  return () => { rmSync(folder, { recursive: true, force: true }); dropBundles(); };
}

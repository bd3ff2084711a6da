import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ROLES, type Role } from '../../src/registry';
import { createApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions';
import { boot } from '../../src/server/boot';
import { readConfig } from '../../src/server/config';
import type { Database, DB } from '../../src/server/db/connection';
import { createDatabase, PASSWORD, TEST_SCRYPT_LOG_N } from './seeded-database';

/**
 * One database seeded WITH demo data (DEMO_DATA=1, as a first start does) for the test files that read the demo
 * (demo-data.test.ts): seeding it is the dearest thing an API test does, so it is done once and only read after.
 * In-memory PGlite, or a database of its own on TEST_DATABASE_URL's PostgreSQL (scripts/with-postgres.sh).
 * Importing this module registers the hooks that make and drop it.
 */
export interface DemoDatabase {
  database: Database;
  db: DB;
  /** The data folder: the content store's files (the demo's documents) are under it. */
  dataDir: string;
  app: ReturnType<typeof createApp>;
  tokens: Record<Role, string>;
}

export const demo = {} as DemoDatabase;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  demo.dataDir = mkdtempSync(path.join(tmpdir(), 'console-demo-'));
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createDatabase(process.env.TEST_DATABASE_URL, 'console_demo');
    databaseUrl = created.url;
    drop = created.drop;
  }
  const config = readConfig({ DATA_DIR: demo.dataDir, DEMO_PASSWORD: PASSWORD, DEMO_DATA: '1', DATABASE_URL: databaseUrl, SCRYPT_LOG_N: TEST_SCRYPT_LOG_N });
  demo.database = await boot(config, { memory: true });
  demo.db = demo.database.db;
  demo.app = createApp({ db: demo.db, config, database: demo.database, distDir: path.join(demo.dataDir, 'no-dist') });
  const users = await demo.db.selectFrom('admin_user').select(['id', 'email']).execute();
  demo.tokens = {} as Record<Role, string>;
  for (const role of ROLES) demo.tokens[role] = (await createSession(demo.db, config, users.find((u) => u.email === `${role}@demo.test`)!.id)).token;
});

afterAll(async () => {
  await demo.database?.close();
  await drop?.();
  if (demo.dataDir) rmSync(demo.dataDir, { recursive: true, force: true });
});

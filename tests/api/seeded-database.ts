import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The demo accounts' password in every API test file. */
export const PASSWORD = 'demo-password-for-tests';

/**
 * The scrypt cost of the API tests' consoles: low, since they hash on every sign-in, staff account and reset, and
 * none of them is about the hash's cost (src/server/auth/password.test.ts hashes at the default). SCRYPT_LOG_N
 * overrides it.
 */
export const TEST_SCRYPT_LOG_N = process.env.SCRYPT_LOG_N ?? '10';

/** The settings of the seeded database every API test file starts from: the demo accounts, no demo records. */
export const seededConfig = (dataDir: string) => ({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DEMO_DATA: '0', SCRYPT_LOG_N: TEST_SCRYPT_LOG_N });

/** A new database on the PostgreSQL server at `adminUrl` (as a copy of `template` when given), and how to drop it. */
export async function createDatabase(adminUrl: string, prefix = 'console_test', template?: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

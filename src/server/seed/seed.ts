import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { base, en, en_IN, Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { getEntity, ROLES } from '../../registry';
import { createRecord, SYSTEM_ACTOR } from '../crud/write';
import { DEMO_SELLER, type Seller } from '../config';
import type { DB } from '../db/connection';
import { CITIES, LANGUAGES, ROLE_ROWS, SPECIALITIES, STATES } from './reference-data';
import { seedDemoData } from './demo';
import { withSavepoints } from '../db/savepoints';

const SYSTEM = SYSTEM_ACTOR;

export interface SeedOptions {
  /** Password of the five demo accounts; a random one is made (and reported) when absent. */
  demoPassword?: string;
  demoData: boolean;
  scryptLogN: number;
  /** Where to write demo-credentials.txt (mode 0600) when the password was generated, and the demo's documents (content/). */
  dataDir?: string;
  /** The seller the demo's invoices name (configuration's; the demo seller when absent). */
  seller?: Seller;
  log?: (line: string) => void;
}

export async function isEmpty(db: DB): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from role`.execute(db);
  return Number(r.rows[0].n) === 0;
}

/** Key of the advisory lock that lets one process seed a shared PostgreSQL database ('seed' in ASCII). */
const SEED_LOCK = 0x73656564;

/**
 * Seeds the database if it has no roles, in one transaction: a crash (or an error) before the commit leaves the
 * database as empty as it was, and the next start seeds it again; after the commit everything is there. Several
 * processes starting on one empty PostgreSQL database take turns (an advisory lock held until the commit), and
 * the later ones find it seeded. Returns null when the database was not empty.
 */
export async function seedIfEmpty(db: DB, opts: SeedOptions): Promise<{ password: string; generated: boolean } | null> {
  const log = opts.log ?? (() => {});
  const result = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    if (!(await isEmpty(tx))) return null;
    log(`Seeding the empty database${opts.demoData ? ' with demo data' : ''} (one transaction)`);
    return seed(withSavepoints(tx), opts);
  });
  if (result) log('Seed committed');
  return result;
}

/** Rows of one entity through the same path as the API, so search rows and audit are written too. */
async function insertAll(db: DB, entity: string, rows: Record<string, unknown>[], scryptLogN: number) {
  const def = getEntity(entity);
  const out = [];
  for (const r of rows) out.push(await createRecord(db, def, r, { actor: SYSTEM, scryptLogN }));
  return out;
}

/**
 * First start on an empty database: reference data, one account per role, and (unless DEMO_DATA=0) demo data.
 * Not atomic by itself: call seedIfEmpty, which runs it in one transaction.
 */
export async function seed(db: DB, opts: SeedOptions): Promise<{ password: string; generated: boolean }> {
  const log = opts.log ?? (() => {});
  const generated = !opts.demoPassword;
  const password = opts.demoPassword ?? randomBytes(9).toString('base64url');

  const roles = await insertAll(db, 'roles', ROLE_ROWS.map((r) => ({ ...r })), opts.scryptLogN);
  const roleId = Object.fromEntries(roles.map((r) => [r.key as string, r.id as number]));
  const states = await insertAll(db, 'state', STATES.map(([name, code, gstCode]) => ({ name, code, gstCode, country: 'India' })), opts.scryptLogN);
  const stateId = Object.fromEntries(states.map((s) => [s.code as string, s.id as number]));
  for (const [name, st, code, area] of CITIES) {
    const [city] = await insertAll(db, 'city', [{ name, state: stateId[st], status: 'active' }], opts.scryptLogN);
    await insertAll(db, 'pincode', [{ code, area, city: city.id, status: 'active' }], opts.scryptLogN);
  }
  await insertAll(db, 'languages', LANGUAGES.map(([name, code, nativeName]) => ({ name, code, nativeName, status: 'active' })), opts.scryptLogN);
  await insertAll(db, 'speciality', SPECIALITIES.map(([name, description], i) => ({ name, description, sortOrder: (i + 1) * 10, status: 'active' })), opts.scryptLogN);

  // en and base fill what en_IN lacks (lorem, commerce), which the generic fake values use.
  const faker = new Faker({ locale: [en_IN, en, base], seed: 20261122 });
  await insertAll(db, 'admin-user', ROLES.map((role) => ({
    firstName: faker.person.firstName(), lastName: faker.person.lastName(), email: `${role}@demo.test`,
    phone: `+91 9${faker.string.numeric(9)}`, role: roleId[role], status: 'active', password,
  })), opts.scryptLogN);
  // Their addresses are in the README (README.md#demo-accounts), not in the log: no log line names a person's address.
  log(`Seeded reference data and the demo accounts, one for each role (${ROLES.join(', ')})`);

  if (generated && opts.dataDir) {
    // Written (and on disk) before the seed commits: a crash after the commit never leaves accounts whose
    // password nobody knows; a crash before it leaves a file the next start's seed overwrites.
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    const file = path.join(opts.dataDir, 'demo-credentials.txt');
    writeDurably(file, `${ROLES.map((r) => `${r}@demo.test`).join('\n')}\npassword: ${password}\n`);
    // Where it is, never what it is: the log is read and kept by more people than this file.
    log(`Demo password generated: read it in ${file} (readable by this user only)`);
  }
  if (opts.demoData) {
    await seedDemoData(db, faker, { roleId, scryptLogN: opts.scryptLogN, seller: opts.seller ?? { ...DEMO_SELLER, demo: true }, dataDir: opts.dataDir, log });
  }
  return { password, generated };
}

function writeDurably(file: string, text: string) {
  const fd = openSync(file, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

import { recordAnswer } from './answers-contract';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base, en, en_IN, Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { CENTRE_SCOPED_ROLES, columnName, fieldRulesOf, getEntity, ROLES, type EntityDef, type FieldDef, type Role } from '../../src/registry';
import { createApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions';
import { boot } from '../../src/server/boot';
import { readConfig, type Config } from '../../src/server/config';
import { createRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { assignableWhere } from '../../src/server/crud/assignees';
import type { Database, DB } from '../../src/server/db/connection';
import { ident } from '../../src/server/db/entity-table';
import { fakeRecord } from '../../src/server/seed/fake';
import { createDatabase, seededConfig } from './seeded-database';

/**
 * The API in-process: the app on an in-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server
 * (scripts/with-postgres.sh), on a database made for this test file and dropped after it. Each starts as a copy of
 * the run's seeded database (tests/api/global-setup.ts: the demo accounts only, DEMO_DATA=0), and each role gets a
 * session of its own, made as the login call makes it (auth.test.ts signs in through that call).
 */
export { PASSWORD } from './seeded-database';

export type Who = Role | 'anonymous' | { token: string };

export interface Reply {
  status: number;
  // The body as JSON when it is JSON; tests read into it freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
}

export interface Api {
  app: ReturnType<typeof createApp>;
  db: DB;
  /** The database the app runs on (its change stream's channel, for a background job a test starts). */
  database: Database;
  config: Config;
  kind: Database['kind'];
  tokens: Partial<Record<Role, string>>;
  userIds: Record<Role, number>;
  call(who: Who, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** Another session for a demo account, made directly (no password hash on the way), e.g. to revoke or idle it. */
  newSession(role: Role): Promise<string>;
  count(def: EntityDef): Promise<number>;
  row(def: EntityDef, id: number): Promise<Record<string, unknown> | undefined>;
  /** A valid create payload whose unique values are free; `keep` fixes the immutable fields of an update's target. undefined: none can be made. */
  payload(def: EntityDef, keep?: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  /** A fake payload, free or not (its unique values may be taken). */
  anyPayload(def: EntityDef): Promise<Record<string, unknown>>;
  /** A record stored directly (as the seed does), not through the API: the target of reads, edits and deletes. */
  insert(def: EntityDef): Promise<Record<string, unknown> | undefined>;
  /** The centre of the fmc and doctor demo accounts (CENTRE_SCOPED_ROLES). */
  homeCentre: number;
  /** Adds a centre to the scoped demo accounts' centres. */
  joinCentre(id: number): Promise<void>;
}

function refTargets(fields: Record<string, FieldDef>): string[] {
  return Object.values(fields).flatMap((fd) => [...(fd.ref ? [fd.ref] : []), ...(fd.item ? refTargets(fd.item) : [])]);
}

/** `env`: more settings for this file's console (e.g. IMAGE_HOSTS). */
export function setupApi(opts: { roles?: readonly Role[]; env?: Record<string, string> } = {}): Api {
  const api = { tokens: {}, userIds: {} } as Api;
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  const faker = new Faker({ locale: [en_IN, en, base], seed: 4242 });
  let seq = 1;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'console-api-test-'));
    let databaseUrl: string | undefined;
    let loadDataDir: Blob | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const created = await createDatabase(process.env.TEST_DATABASE_URL, 'console_test', inject('seededTemplate') || undefined);
      databaseUrl = created.url;
      dropDatabase = created.drop;
    } else if (inject('seededDataDir')) {
      loadDataDir = new Blob([readFileSync(inject('seededDataDir'))]);
    }
    // The sessions of a test file live as long as it runs, longer than a step-up's 5 minutes on a slow machine: a day,
    // unless the file is about step-up (tests/api/step-up.test.ts sets its own).
    const config = readConfig({ STEP_UP_MINUTES: '1440', MFA_REQUIRED_ROLES: 'none', ...opts.env, ...seededConfig(dataDir), DATABASE_URL: databaseUrl });
    database = await boot(config, { memory: true, loadDataDir });
    const db = database.db;
    Object.assign(api, { db, database, config, kind: database.kind, app: createApp({ db, config, database, distDir: path.join(dataDir, 'no-dist') }) });

    const users = await db.selectFrom('admin_user').select(['id', 'email']).execute();
    for (const role of ROLES) api.userIds[role] = users.find((u) => u.email === `${role}@demo.test`)!.id;
    // The fmc and doctor accounts work at a home centre: every record the harness makes for a scoped entity
    // belongs to it (and every centre it makes joins their centres), so the generic tests see them; scope.test.ts
    // makes a second centre to hold them out of.
    const home = await createRecord(db, getEntity('fmc'), await api.anyPayload(getEntity('fmc')), { actor: SYSTEM_ACTOR, scryptLogN: config.scryptLogN });
    api.homeCentre = Number(home.id);
    await api.joinCentre(api.homeCentre);
    for (const role of opts.roles ?? ROLES) api.tokens[role] = (await createSession(db, config, api.userIds[role])).token;
  });

  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  api.call = async (who, method, url, body, headers = {}) => {
    const h: Record<string, string> = { ...headers };
    const token = who === 'anonymous' ? undefined : typeof who === 'string' ? api.tokens[who] : who.token;
    if (typeof who === 'string' && who !== 'anonymous' && !token) throw new Error(`the test file did not sign in as ${who}`);
    if (token) h.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await api.app.request(url, { method, headers: h, body: payload });
    const text = await res.text();
    let json: unknown;
    try { json = JSON.parse(text); } catch { json = undefined; }
    recordAnswer(api.app.routes, { method, url, status: res.status, body: json, contentType: res.headers.get('content-type') });
    return { status: res.status, body: json, text, headers: res.headers };
  };

  api.newSession = async (role) => (await createSession(api.db, api.config, api.userIds[role])).token;

  api.count = async (def) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(ident(def.table))}`.execute(api.db)).rows[0].n);

  api.row = async (def, id) => (await sql<Record<string, unknown>>`select * from ${sql.raw(ident(def.table))} where id = ${id}`.execute(api.db)).rows[0];

  /** Ids of an entity's records; an empty referenced table first gets one record, so that required references can be met. */
  async function idsOf(entity: string): Promise<number[]> {
    const def = getEntity(entity);
    const read = async () => (await sql<{ id: number }>`select id from ${sql.raw(ident(def.table))} order by id`.execute(api.db)).rows.map((r) => r.id);
    const ids = await read();
    if (ids.length) return ids;
    if (!(await api.insert(def))) throw new Error(`cannot make a ${entity} record to refer to`);
    return read();
  }

  /** Ids of `target` that no field-level rule of `def` reserves: generic payloads stay every role's to write (field-rules.test.ts covers the reserved ones). */
  async function unreservedIds(def: EntityDef, field: string, target: string): Promise<number[]> {
    const rules = fieldRulesOf(def.name).filter((r) => r.field === field);
    if (!rules.length) return idsOf(target);
    const t = getEntity(target);
    const keep = await sql<{ id: number }>`select id from ${sql.raw(ident(t.table))} where ${sql.join(rules.map((r) => sql`${sql.raw(ident(columnName(r.key, t.fields[r.key])))} <> all(${[...r.values]}::text[])`), sql` and `)} order by id`.execute(api.db);
    return keep.rows.map((r) => r.id);
  }

  /** Users a record of `def` at the home centre may be given (FieldDef.assigned): the server refuses any other. */
  async function assignableIds(def: EntityDef): Promise<number[]> {
    const users = getEntity('admin-user');
    const res = await sql<{ id: number }>`select t.id from ${sql.raw(ident(users.table))} t where ${sql.join(assignableWhere(def, api.homeCentre ?? null), sql` and `)} order by t.id`.execute(api.db);
    return res.rows.map((r) => r.id);
  }

  api.anyPayload = async (def) => {
    const ids = new Map<string, number[]>();
    for (const target of new Set(refTargets(def.fields))) ids.set(target, await idsOf(target));
    for (const [k, fd] of Object.entries(def.fields)) if (fd.kind === 'ref' && fieldRulesOf(def.name).some((r) => r.field === k)) ids.set(`${k}@`, await unreservedIds(def, k, fd.ref!));
    for (const [k, fd] of Object.entries(def.fields)) if (fd.assigned) ids.set(`${k}@`, await assignableIds(def));
    const record = fakeRecord(def, { faker, refIds: (e) => ids.get(e) ?? [], seq: seq++ });
    if (def.scope && def.scope !== 'id' && api.homeCentre) record[def.scope] = api.homeCentre;
    for (const [k, fd] of Object.entries(def.fields)) {
      const allowed = ids.get(`${k}@`);
      if (fd.kind === 'ref' && allowed && !allowed.includes(Number(record[k]))) record[k] = faker.helpers.arrayElement(allowed);
    }
    return record;
  };

  async function taken(def: EntityDef, field: string, value: unknown, exceptId: unknown): Promise<boolean> {
    const fd = def.fields[field];
    const c = sql.raw(ident(columnName(field, fd)));
    const textual = typeof value === 'string';
    const cond = textual ? sql`lower(${c}) = lower(${value})` : sql`${c} = ${value}`;
    const res = await sql`select 1 from ${sql.raw(ident(def.table))} where ${cond} and id <> ${Number(exceptId ?? 0)} limit 1`.execute(api.db);
    return res.rows.length > 0;
  }

  api.payload = async (def, keep) => {
    const unique = Object.keys(def.fields).filter((k) => def.fields[k].unique);
    for (let attempt = 0; attempt < 30; attempt++) {
      const p = await api.anyPayload(def);
      if (keep) for (const k of def.immutable ?? []) if (k in p) p[k] = keep[k];
      let free = true;
      for (const k of unique) if (p[k] !== null && p[k] !== undefined && (await taken(def, k, p[k], keep?.id))) free = false;
      if (free) return p;
    }
    return undefined;
  };

  api.insert = async (def) => {
    const p = await api.payload(def);
    const made = p && (await createRecord(api.db, def, p, { actor: SYSTEM_ACTOR, scryptLogN: api.config.scryptLogN }));
    if (made && def.scope === 'id') await api.joinCentre(Number(made.id));
    return made;
  };

  api.joinCentre = async (id) => {
    const staff = getEntity('admin-user');
    const scopedIds = CENTRE_SCOPED_ROLES.map((r) => api.userIds[r]);
    await sql`update ${sql.raw(ident(staff.table))} set centres = array_append(coalesce(centres, '{}'), ${id}::int) where id = any(${scopedIds}::int[])`.execute(api.db);
  };

  return api;
}

/** The part of a payload a read gives back: write-only fields are never returned. */
export function readable(def: EntityDef, payload: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(payload).filter(([k]) => !def.fields[k]?.writeOnly));
}

export const fieldsOf = (reply: Reply): string[] => (reply.body?.errors ?? []).map((e: { field?: string }) => e.field);

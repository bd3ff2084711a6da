import { randomBytes } from 'node:crypto';
import { constants as fsConstants, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './lock';
import { createDatabaseFolder, dropServerLockFile, FSYNC_START_PARAMS, FsyncNodeFS, PrivateNodeFS, SERVER_LOCK_FILE } from './pglite-disk';
import { PGliteDialect } from './pglite-dialect';
import { prepareStatements, preparing } from './prepared';
import { timedDialect, timeStatement } from './timed-dialect';
import { logger, scrub } from '../ops/logger';
import { attachWriteClock, WriteClock } from './write-clock';
import { ident } from './entity-table';

// The generic CRUD reads tables named by the registry, so the database is typed loosely here and the
// registry's zod schemas type the rows at the edges.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DB = Kysely<any>;

export interface Database {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** The embedded database's whole data folder as a tar archive, taken between statements (a consistent copy). */
  dumpDataDir?: () => Promise<Blob>;
  /** The embedded database: a consistent copy of its data files, for a backup (backup/archive.ts). */
  snapshot?: <T>(read: (db: DB) => Promise<T>) => Promise<DataSnapshot<T>>;
  /**
   * Hears what any client of the database sends with NOTIFY on `channel` (events/notices.ts), after its transaction
   * commits: this process's own on the embedded database, every process's on a PostgreSQL server. `lost`: the
   * listening connection broke and was opened again, so notifications may have been missed meanwhile. Returns how to
   * stop; close() stops every listener too.
   */
  listen(channel: string, heard: (payload: string) => void, lost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A copy of the embedded database's files, and what `read` found in the database at that same moment: a folder
 * (a database on disk), or PGlite's tar archive of its files (a database in memory). Taken holding the only
 * connection, so no statement or transaction is under way, after a CHECKPOINT, so the data files hold every commit:
 * the copy opens as the database was, with nothing to replay. The folder is the caller's to remove.
 */
export type DataSnapshot<T> = { read: T; heldMs: number } & ({ folder: string } | { archive: Blob });

/** Where snapshots of DATA_DIR's database are copied to: beside it, on the same disk (a copy-on-write clone where the file system has them). */
const SNAPSHOT_PREFIX = 'snapshot-';

/** Both drivers return the same JSON-friendly values: dates as YYYY-MM-DD, timestamps as ISO strings, numerics as numbers. */
/** A timestamptz in PostgreSQL's text form as an ISO instant (the API's form; records/labels.ts reads titles as text too). */
export const toIso = (v: string) => {
  // A server in UTC (the usual case) writes '2026-11-23 19:40:56.123456+00': rewritten as text, fourteen times
  // faster than through a Date, which counted in every list page's rows. Milliseconds truncated, as Date does.
  const utc = UTC_TEXT.exec(v);
  if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ''}000`.slice(0, 3)}Z`;
  return new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
};
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMPTZ: 1184, TIME: 1083 } as const;
const PARSERS: Record<number, (v: string) => unknown> = {
  [OID.INT8]: Number,
  [OID.NUMERIC]: Number,
  [OID.DATE]: (v) => v,
  [OID.TIMESTAMPTZ]: toIso,
  [OID.TIME]: (v) => v.slice(0, 5),
};

/**
 * The embedded database on disk: a larger buffer cache than PostgreSQL's default 128 MB (a large data set's
 * search and list indexes then stay in it), page costs for a file system the OS caches, and sequential scans
 * that start at the table's beginning (one entity's rows lie together, so a scan joining one already under
 * way elsewhere reads the rest of the table first). In-memory databases (tests) keep the defaults.
 */
const onDiskSettings = (sharedBuffers?: string) => [...(sharedBuffers ? [`shared_buffers=${sharedBuffers}`] : []), 'random_page_cost=1.1', 'synchronize_seqscans=off'];

/**
 * Prepared statements (db/prepared.ts) save parsing, never planning: PostgreSQL would otherwise switch a statement
 * to a generic plan after five runs when it guesses that plan as cheap, and for a search it guesses badly (a list
 * search of two letters at 1.2M appointments: 9 ms planned for its values, 244 ms on the generic plan).
 */
const PLAN_CACHE_MODE = 'force_custom_plan';

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server. */
  url?: string;
  /** Folder of the embedded database; absent = in memory (tests). */
  dataDir?: string;
  /** shared_buffers of the embedded database on disk. */
  sharedBuffers?: string;
  /** The embedded database forces every commit to the disk (db/pglite-disk.ts). */
  fsync?: boolean;
  /** In memory only: start from this data folder archive (a Database's dumpDataDir), instead of an empty database. */
  loadDataDir?: Blob;
  log?: (line: string) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url);
  let unlock = () => {};
  let pglite: PGlite;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    unlock = acquireDataDirLock(opts.dataDir);
    const folder = path.join(opts.dataDir, 'pgdata');
    const common = { extensions: { pg_trgm }, parsers: PARSERS, postgresqlconf: onDiskSettings(opts.sharedBuffers) };
    const open = (dir: string) => opts.fsync ? new PGlite({ ...common, fs: new FsyncNodeFS(dir), startParams: FSYNC_START_PARAMS }) : new PGlite({ ...common, fs: new PrivateNodeFS(dir) });
    try {
      await createDatabaseFolder(folder, open, !!opts.fsync, opts.log);
    } catch (err) {
      unlock();
      throw err;
    }
    dropServerLockFile(folder);
    pglite = open(folder);
    // A snapshot left by a process that ended while a backup read it.
    for (const name of readdirSync(opts.dataDir)) if (name.startsWith(SNAPSHOT_PREFIX)) rmSync(path.join(opts.dataDir, name), { recursive: true, force: true });
  } else {
    pglite = new PGlite({ extensions: { pg_trgm }, parsers: PARSERS, loadDataDir: opts.loadDataDir });
  }
  try {
    await pglite.waitReady;
    await pglite.exec(`set plan_cache_mode = ${PLAN_CACHE_MODE}`);
  } catch (err) {
    unlock();
    throw err;
  }
  void pgliteTypes;
  const clock = new WriteClock();
  const db: DB = new Kysely({ dialect: timedDialect(new PGliteDialect(pglite, clock)), log: timeStatement });
  attachWriteClock(db, clock);
  const dataDir = opts.dataDir;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'pglite',
    // PGlite hands every notification of its one session to its listeners once the transaction that sent it commits.
    // LISTEN goes through Kysely's driver, which holds the only connection: never into someone's open transaction.
    async listen(channel, heard) {
      const off = pglite.onNotification((ch, payload) => { if (ch === channel) heard(payload); });
      await sql.raw(`listen ${ident(channel)}`).execute(db);
      const stop = async () => {
        if (!listeners.delete(stop)) return;
        off();
        await sql.raw(`unlisten ${ident(channel)}`).execute(db).catch(() => {});
      };
      listeners.add(stop);
      return stop;
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    snapshot: (read) => db.connection().execute(async (conn) => {
      const held = performance.now();
      const heldMs = () => performance.now() - held;
      await sql`checkpoint`.execute(conn);
      const found = await read(conn);
      if (!dataDir) {
        const archive = await pglite.dumpDataDir('none');
        return { read: found, archive, heldMs: heldMs() };
      }
      const folder = path.join(dataDir, `${SNAPSHOT_PREFIX}${randomBytes(6).toString('hex')}`);
      try {
        // The server's lock file names the running process: a copy has none, as after a clean stop.
        await cp(path.join(dataDir, 'pgdata'), folder, { recursive: true, mode: fsConstants.COPYFILE_FICLONE, filter: (src) => path.basename(src) !== SERVER_LOCK_FILE });
      } catch (err) {
        await rm(folder, { recursive: true, force: true });
        throw err;
      }
      return { read: found, folder, heldMs: heldMs() };
    }),
    async close() {
      for (const stop of listeners) await stop();
      await db.destroy();
      unlock();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    // Only with prepared statements (unnamed ones are planned for their values anyway): a pooler such as PgBouncer
    // refuses a startup `options` it was not told to ignore, and DATABASE_PREPARE=0 is what one runs behind it.
    ...(preparing() ? { options: `-c plan_cache_mode=${PLAN_CACHE_MODE}` } : {}),
    types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => PARSERS[oid] ?? pg.types.getTypeParser(oid, format) } as pg.CustomTypesConfig,
  });
  // An idle connection the server ends (a restart, a dropped database) is an event, not a crash: the pool opens another.
  pool.on('error', (err) => logger.warn({ code: (err as { code?: string }).code }, `[db] idle connection ended: ${scrub(err.message)}`));
  // Each connection parses a statement once, and then sends only its values (db/prepared.ts).
  if (preparing()) pool.on('connect', (client) => { prepareStatements(client); });
  const db: DB = new Kysely({ dialect: timedDialect(new PostgresDialect({ pool })), log: timeStatement });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, heard, lost) {
      const stop = await listenPostgres(url, channel, heard, lost ?? (() => {}));
      const remove = async () => { if (listeners.delete(remove)) await stop(); };
      listeners.add(remove);
      return remove;
    },
    async close() {
      for (const stop of listeners) await stop();
      await db.destroy();
    },
  };
}

/** How long a broken listening connection waits before it is opened again: doubling from 0.5 s up to 30 s. */
const RELISTEN_MS = (attempt: number) => Math.min(30_000, 500 * 2 ** attempt);

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to others between statements,
 * and one held by LISTEN must stay (it cannot go through a pooler in transaction mode, PgBouncer among them). A
 * connection that breaks is opened again, and `lost` says notifications may have been missed.
 */
async function listenPostgres(url: string, channel: string, heard: (payload: string) => void, lost: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const open = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => { if (m.channel === channel) heard(m.payload ?? ''); });
    c.on('error', (err) => logger.warn({ code: (err as { code?: string }).code }, `[db] listening connection failed: ${scrub(err.message)}`));
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      lost();
      retry(0);
    });
    await c.connect();
    await c.query(`listen ${ident(channel)}`);
    client = c;
  };
  const retry = (attempt: number) => {
    timer = setTimeout(() => {
      if (stopped) return;
      open().then(lost, () => retry(attempt + 1));
    }, RELISTEN_MS(attempt));
    timer.unref();
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

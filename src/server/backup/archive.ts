import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Database, DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { contentRoot } from '../config/data-folders';
import { readTar, tarStream, type TarItem } from './tar';
import { chainHead, type ChainHead } from '../audit/audit-anchors';
import { sealAuditLog } from '../audit/audit-seal';

/**
 * A backup of the console on the embedded database: one gzip-compressed tar archive (`tar -tzf` lists it) holding
 *
 *   backup.json   the manifest (first): format, when, PostgreSQL's version, the migrations applied, the rows of every
 *                 table and the content files, as they were at the copy, so a restore or a check can tell it whole;
 *   pgdata/       the database's data folder, as PostgreSQL reads it (nothing to replay: it was checkpointed);
 *   content/      the uploaded files (DATA_DIR/content), which records refer to by path.
 *
 * Left out: the lock file, the local mailbox (sent mail, reset links among it), the local text messages (sms.txt)
 * and the demo credentials file.
 */
export const MANIFEST = 'backup.json';
export const FORMAT = 'health-console-backup';
export const VERSION = 1;

export interface Manifest {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  /** `select version()` of the embedded database: its data files open only in this major version. */
  postgres: string;
  migrations: string[];
  /** Rows of every table (public schema) at the moment of the copy. */
  rows: Record<string, number>;
  content: { files: number; bytes: number };
  /** The audit chain's last row at the copy (null: an empty log), anchored outside the database when the backup is taken. Absent in backups of older releases. */
  auditHead?: ChainHead | null;
}

/** The rows of every table, in one statement. */
export async function countRows(db: DB): Promise<Record<string, number>> {
  const tables = (await sql<{ t: string }>`select tablename as t from pg_tables where schemaname = 'public' order by tablename`.execute(db)).rows.map((r) => r.t);
  if (!tables.length) return {};
  const parts = tables.map((t) => sql`select ${t}::text as t, (select count(*) from ${sql.raw(ident(t))})::float8 as n`);
  const res = await sql<{ t: string; n: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(res.rows.map((r) => [r.t, Number(r.n)]));
}

interface FileOnDisk { rel: string; abs: string; dir: boolean; size: number; mtime: Date; mode: number }

/** Every directory and file under `root`, parents before children, in name order; none when it does not exist. */
async function listTree(root: string, rel = ''): Promise<FileOnDisk[]> {
  let names;
  try {
    names = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' && !rel) return [];
    throw err;
  }
  const out: FileOnDisk[] = [];
  for (const d of names.sort((a, b) => a.name.localeCompare(b.name))) {
    const r = rel ? `${rel}/${d.name}` : d.name;
    const abs = path.join(root, r);
    if (d.isDirectory()) {
      const s = await stat(abs);
      out.push({ rel: r, abs, dir: true, size: 0, mtime: s.mtime, mode: s.mode }, ...(await listTree(root, r)));
    } else if (d.isFile()) {
      const s = await stat(abs);
      out.push({ rel: r, abs, dir: false, size: s.size, mtime: s.mtime, mode: s.mode });
    }
  }
  return out;
}

const fromDisk = (prefix: string, f: FileOnDisk): TarItem => ({
  entry: { name: `${prefix}/${f.rel}`, type: f.dir ? 'dir' : 'file', size: f.size, mtime: f.mtime, mode: f.mode },
  body: f.dir ? undefined : createReadStream(f.abs),
});

export interface Backup {
  manifest: Manifest;
  /** How long the database was held for the snapshot (its statements waited meanwhile). */
  heldMs: number;
  /** The archive's bytes, compressed; the snapshot is removed once they are read to the end, or broken off. */
  stream(): Readable;
  /** Removes the snapshot without reading it (a backup that will not be sent). */
  discard(): Promise<void>;
}

/**
 * A backup of the running console: a snapshot of the embedded database (db/connection.ts: taken between statements
 * after a checkpoint, the tables counted at the same moment), then the content files as they are. A record's file is
 * written before the record commits, so every file a record of the snapshot names is there; a file uploaded since
 * may come along, and harms nothing.
 */
export async function takeBackup(database: Database, dataDir: string): Promise<Backup> {
  if (!database.snapshot) throw new Error('Backups are taken of the embedded database; on PostgreSQL use pg_dump');
  // The rows waiting for the sealer are sealed first, so that the head the backup holds (and is anchored) is its last row.
  await sealAuditLog(database.db);
  const snap = await database.snapshot(async (db) => ({
    postgres: (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0].v,
    migrations: (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name),
    rows: await countRows(db),
    auditHead: await chainHead(db),
  }));
  const folder = 'folder' in snap ? snap.folder : undefined;
  const discard = async () => { if (folder) await rm(folder, { recursive: true, force: true }); };
  let content: FileOnDisk[];
  try {
    content = await listTree(contentRoot(dataDir));
  } catch (err) {
    await discard();
    throw err;
  }
  const files = content.filter((f) => !f.dir);
  const manifest: Manifest = {
    format: FORMAT, version: VERSION, createdAt: new Date().toISOString(),
    postgres: snap.read.postgres, migrations: snap.read.migrations, rows: snap.read.rows,
    content: { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) },
    auditHead: snap.read.auditHead,
  };

  async function* items(): AsyncGenerator<TarItem> {
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield { entry: { name: MANIFEST, type: 'file', size: json.length, mtime: new Date(), mode: 0o600 }, body: json };
    if (folder) {
      yield { entry: { name: 'pgdata', type: 'dir', size: 0, mtime: new Date(), mode: 0o700 } };
      for (const f of await listTree(folder)) yield fromDisk('pgdata', f);
    } else if ('archive' in snap) {
      // A database in memory (tests): PGlite's own tar of its files, renamed under pgdata/.
      yield { entry: { name: 'pgdata', type: 'dir', size: 0, mtime: new Date(), mode: 0o700 } };
      for await (const { entry, body } of readTar(Readable.fromWeb(snap.archive.stream() as WebReadableStream))) {
        yield { entry: { ...entry, name: `pgdata/${entry.name.replace(/^\/+/, '')}` }, body };
      }
    }
    for (const f of content) yield fromDisk('content', f);
  }

  return {
    manifest,
    heldMs: snap.heldMs,
    discard,
    stream() {
      const source = Readable.from((async function* () {
        try {
          yield* tarStream(items());
        } finally {
          await discard();
        }
      })(), { objectMode: false });
      // Either end's failure or early close ends the other: a reader that goes away stops the reading (and the
      // snapshot is removed), a read that fails breaks the compressed stream off (never a short archive that ends well).
      return pipeline(source, createGzip(), () => {});
    },
  };
}

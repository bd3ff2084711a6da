import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/connection';
import { countRows } from './archive';
import { unpackBackup, type Unpacked } from './unpack';

/**
 * What differs between the database unpacked in `dataDir` (its pgdata folder) and what the backup's manifest says
 * it holds: the rows of every table, the migrations, the content files. Nothing, for a backup that is whole. The
 * database is opened as the console opens it, so a backup that would not start the console fails here.
 */
export async function compareWithManifest(dataDir: string, unpacked: Unpacked, opts: { fsync?: boolean } = {}): Promise<string[]> {
  const { manifest, content } = unpacked;
  let database;
  try {
    database = await openDatabase({ dataDir, fsync: opts.fsync });
  } catch (err) {
    return [`its database does not open (made with ${manifest.postgres}): ${(err as Error).message}`];
  }
  const problems: string[] = [];
  try {
    const rows = await countRows(database.db);
    for (const [table, n] of Object.entries(manifest.rows)) {
      if (rows[table] !== n) problems.push(`${table}: ${rows[table] ?? 'no such table'} rows, the manifest says ${n}`);
    }
    for (const table of Object.keys(rows)) if (!(table in manifest.rows)) problems.push(`${table}: a table the manifest does not name`);
    const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)).rows.map((r) => r.name);
    if (migrations.join() !== manifest.migrations.join()) problems.push(`migrations ${migrations.join(', ')}, the manifest says ${manifest.migrations.join(', ')}`);
  } finally {
    await database.close();
  }
  if (content.files !== manifest.content.files || content.bytes !== manifest.content.bytes) {
    problems.push(`${content.files} content files of ${content.bytes} bytes, the manifest says ${manifest.content.files} of ${manifest.content.bytes}`);
  }
  return problems;
}

export interface CheckResult {
  ok: boolean;
  problems: string[];
  /** Rows of all tables together, and of the tables an operator asks about first. */
  rows: number;
  accounts: number;
  auditRows: number;
  contentFiles: number;
}

/**
 * A backup file read back: unpacked into `workDir` (removed after; it needs the database's unpacked size), its
 * database opened and counted against its manifest. A file that cannot be read at all is a failed check too.
 */
export async function checkBackup(file: string, workDir: string, key?: string): Promise<CheckResult> {
  try {
    const unpacked = await unpackBackup(file, { pgdata: path.join(workDir, 'pgdata') }, key);
    const problems = await compareWithManifest(workDir, unpacked);
    const rows = unpacked.manifest.rows;
    return {
      ok: problems.length === 0, problems,
      rows: Object.values(rows).reduce((a, b) => a + b, 0), accounts: rows.admin_user ?? 0, auditRows: rows.audit_log ?? 0,
      contentFiles: unpacked.manifest.content.files,
    };
  } catch (err) {
    return { ok: false, problems: [(err as Error).message], rows: 0, accounts: 0, auditRows: 0, contentFiles: 0 };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config';
import { acquireDataDirLock } from '../db/lock';
import { MIGRATIONS } from '../migrations/migrate';
import { syncPath, syncTree } from '../db/pglite-disk';
import type { Manifest } from './archive';
import { compareWithManifest } from './check';
import { unpackBackup } from './unpack';
import { BackupKeyError, openBackupFile } from './encryption';
import { openDatabase } from '../db/connection';
import { appendAnchor, chainHead, checkAnchorFileWritable, type ChainHead } from '../audit/audit-anchors';

/** A restore refused before anything was written (exit code 2 of `npm run restore`). */
export class RestoreRefused extends Error {}

export interface Restored {
  manifest: Manifest;
  sessionsEnded: number;
  /** The audit chain's head restored, anchored as a `restore`. */
  auditHead: ChainHead | null;
}

/**
 * Restores a backup (archive.ts) into DATA_DIR, which must be empty or absent: a restore never overwrites a
 * database. Everything is unpacked into DATA_DIR/restore.tmp first, opened and counted against the backup's manifest
 * (compareWithManifest), then moved into place, the data folder last; a restore that fails leaves DATA_DIR empty.
 * The console then starts on it as on its own database: a backup from an older release is migrated by that start.
 *
 * Every session of the backup is ended: a session signed out after the backup was taken would come back otherwise,
 * and so would one whose account was disabled since. The audit chain's head the backup holds is anchored as a
 * `restore` (audit/audit-anchors.ts): the anchors written since the backup name rows the restore took away, and the
 * check sets them aside.
 */
export async function restoreBackup(file: string, config: Config): Promise<Restored> {
  if (config.databaseUrl) {
    throw new RestoreRefused('DATABASE_URL is set: a PostgreSQL server is restored with pg_restore from a pg_dump archive (docs/operations.md, "Backups"); this restores the embedded database into DATA_DIR.');
  }
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}`);
  const dataDir = config.dataDir;
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    throw new RestoreRefused(`${dataDir} (DATA_DIR) is not empty: a restore never overwrites a database. Restore into a new folder (DATA_DIR=…), or move this one aside first.`);
  }
  // A sealed backup without its key, or with another, is refused before anything is written.
  try {
    (await openBackupFile(file, config.backupKey)).destroy();
  } catch (err) {
    if (err instanceof BackupKeyError) throw new RestoreRefused(err.message);
    throw err;
  }
  try {
    checkAnchorFileWritable(config.auditAnchorFile);
  } catch (err) {
    throw new RestoreRefused(`AUDIT_ANCHOR_FILE ${config.auditAnchorFile} cannot be written (${(err as Error).message}): the restore anchors the audit chain's head there.`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // No console starts on the folder while it is being filled.
  const unlock = acquireDataDirLock(dataDir);
  const staging = path.join(dataDir, 'restore.tmp');
  try {
    const unpacked = await unpackBackup(file, { pgdata: path.join(staging, 'pgdata'), content: path.join(staging, 'content') }, config.backupKey);
    const unknown = unpacked.manifest.migrations.filter((name) => !(name in MIGRATIONS));
    if (unknown.length) throw new Error(`The backup was made by a newer release of the console (migrations ${unknown.join(', ')}): restore it with that release.`);
    const problems = await compareWithManifest(staging, unpacked, { fsync: config.pgliteFsync });
    if (problems.length) throw new Error(`The backup is not whole: ${problems.slice(0, 10).join('; ')}`);
    const { sessionsEnded, head } = await endSessions(staging, config.pgliteFsync);
    if (config.pgliteFsync) syncTree(staging);
    if (existsSync(path.join(staging, 'content'))) renameSync(path.join(staging, 'content'), path.join(dataDir, 'content'));
    // The data folder last: a console finds a database only once everything is in place.
    renameSync(path.join(staging, 'pgdata'), path.join(dataDir, 'pgdata'));
    if (config.pgliteFsync) syncPath(dataDir);
    rmSync(staging, { recursive: true, force: true });
    if (head) appendAnchor(config.auditAnchorFile, head, 'restore');
    return { manifest: unpacked.manifest, sessionsEnded, auditHead: head };
  } catch (err) {
    for (const name of readdirSync(dataDir)) if (name !== 'console.lock') rmSync(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  } finally {
    unlock();
  }
}

/** Ends every session of the restored database (checked already, not yet in place), and reads its chain's head. */
async function endSessions(dataDir: string, fsync: boolean): Promise<{ sessionsEnded: number; head: ChainHead | null }> {
  const database = await openDatabase({ dataDir, fsync });
  try {
    const ended = await sql`delete from session`.execute(database.db);
    return { sessionsEnded: Number(ended.numAffectedRows ?? 0), head: await chainHead(database.db) };
  } finally {
    await database.close();
  }
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { syncPath } from '../db/pglite-disk';
import { backupFailures, backupLastBytes, backupLastSuccess } from '../ops/metrics';
import { takeBackup } from './archive';
import { encryptingStream } from './encryption';
import type { CheckResult } from './check';
import { appendAnchor } from '../audit/audit-anchors';

/**
 * console-backup-20261125T184344Z.tar.gz, or .tar.gz.enc when sealed with BACKUP_KEY (encryption.ts): sorted by name is
 * sorted by time, and the time is read from the name.
 */
const NAME = /^console-backup-(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\.tar\.gz(\.enc)?$/;

export const backupName = (at: Date, sealed = false) => `console-backup-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}.tar.gz${sealed ? '.enc' : ''}`;

/** The backups in `dir`, newest first, with the time each was taken. */
export function backupsIn(dir: string): { name: string; at: number }[] {
  return readdirSync(dir).flatMap((name) => {
    const m = NAME.exec(name);
    return m ? [{ name, at: Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) }] : [];
  }).sort((a, b) => b.at - a.at);
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHECK_SCRIPT = fileURLToPath(new URL('./check-cli.ts', import.meta.url));

/** The check (check.ts) in a process of its own: the serving process neither waits on its database nor holds its memory. */
function checkInChild(file: string, workDir: string, key: string | undefined, signal: AbortSignal): Promise<CheckResult> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, BACKUP_KEY: key ?? '' };
    const child = spawn(process.execPath, ['--import', 'tsx', CHECK_SCRIPT, file, workDir], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], signal });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => { out += s; });
    child.stderr.setEncoding('utf8').on('data', (s: string) => { err += s; });
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as CheckResult);
      } catch {
        reject(new Error(`the check ended (${code}) without a result: ${err.trim().split('\n').slice(-3).join(' ')}`));
      }
    });
  });
}

/** One scheduled backup: written beside its place, checked, then renamed into place; older ones beyond `keep` removed. */
async function backupOnce(database: Database, config: Config, dir: string, signal: AbortSignal, log: (line: string) => void) {
  const started = performance.now();
  const name = backupName(new Date(), Boolean(config.backupKey));
  const final = path.join(dir, name);
  const partial = `${final}.partial`;
  try {
    const backup = await takeBackup(database, config.dataDir);
    const heldMs = backup.heldMs;
    const file = createWriteStream(partial, { mode: 0o600 });
    if (config.backupKey) await pipeline(backup.stream(), encryptingStream(config.backupKey), file, { signal });
    else await pipeline(backup.stream(), file, { signal });
    syncPath(partial);
    const check = await checkInChild(partial, path.join(dir, `.check-${randomBytes(6).toString('hex')}`), config.backupKey, signal);
    if (!check.ok) throw new Error(`it failed its check: ${check.problems.slice(0, 5).join('; ')}`);
    renameSync(partial, final);
    syncPath(dir);
    if (backup.manifest.auditHead) appendAnchor(config.auditAnchorFile, backup.manifest.auditHead, 'backup');
    const bytes = statSync(final).size;
    for (const old of backupsIn(dir).slice(config.backupKeep)) rmSync(path.join(dir, old.name), { force: true });
    backupLastSuccess.set(Date.now() / 1000);
    backupLastBytes.set(bytes);
    log(`[backup] ${name}: ${(bytes / 1e6).toFixed(1)} MB, ${check.rows} rows (${check.accounts} staff accounts, ${check.auditRows} audit rows) and ${check.contentFiles} content files, written and checked in ${((performance.now() - started) / 1000).toFixed(1)} s (the database held for ${Math.round(heldMs)} ms)`);
  } catch (err) {
    rmSync(partial, { force: true });
    if (signal.aborted) return;
    backupFailures.inc();
    log(`[backup] ${name} failed: ${(err as Error).message}`);
  }
}

/** After a failure, the next try comes this soon (or at the regular time, when that is sooner). */
const RETRY_MS = 15 * 60_000;

/**
 * Scheduled backups of the embedded database (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP): the first when the
 * newest in BACKUP_DIR is older than the period (at once when there is none), then one a period. Each is checked
 * before it counts, and only a checked one makes an older one go. Returns stop(): a backup under way is broken off.
 */
export function startBackups(database: Database, config: Config, log: (line: string) => void): () => Promise<void> {
  const dir = config.backupDir;
  if (!dir) return async () => {};
  if (!database.snapshot) {
    log('BACKUP_DIR is set, but scheduled backups are of the embedded database: on PostgreSQL, back up with pg_dump (docs/operations.md, "Backups")');
    return async () => {};
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // What a process that ended mid-backup left: a file not yet checked, a check's folder.
  for (const name of readdirSync(dir)) if (name.endsWith('.partial') || name.startsWith('.check-')) rmSync(path.join(dir, name), { recursive: true, force: true });
  const everyMs = config.backupEveryHours * 3_600_000;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let lastTry = 0;

  const schedule = () => {
    if (controller.signal.aborted) return;
    const newest = backupsIn(dir)[0]?.at ?? 0;
    const due = Math.max(newest + everyMs, lastTry ? lastTry + Math.min(everyMs, RETRY_MS) : 0);
    timer = setTimeout(run, Math.max(0, due - Date.now()));
    timer.unref();
  };
  const run = () => {
    lastTry = Date.now();
    current = backupOnce(database, config, dir, controller.signal, log).finally(() => {
      current = null;
      schedule();
    });
  };
  log(`[backup] every ${config.backupEveryHours} h into ${dir}, keeping the newest ${config.backupKeep}`);
  schedule();
  return async () => {
    controller.abort();
    clearTimeout(timer);
    await current;
  };
}

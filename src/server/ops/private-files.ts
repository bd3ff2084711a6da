import { chmodSync, mkdirSync, statSync } from 'node:fs';

/**
 * The data folder holds every patient's record, the uploaded documents, the sent mail and the backups: none of it is
 * for the host's other users. A umask at start makes every file and folder the console creates afterwards its own
 * user's only (0600, 0700), whatever the shell's umask was.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/** A data folder the console can start on, or why not, in words that say how to fix it. */
export class UnsafeDataDir extends Error {}

/**
 * Creates DATA_DIR as 0700 when absent. An existing one that other users may write is refused (they could replace the
 * database or a document under the console); one they may only read is made private, and the log says so.
 */
export function privateDataDir(dataDir: string, log: (line: string) => void = () => {}): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const stat = statSync(dataDir);
  const mode = stat.mode & 0o777;
  const octal = mode.toString(8).padStart(3, '0');
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    throw new UnsafeDataDir(`DATA_DIR ${dataDir} belongs to another user (uid ${stat.uid}): run the console as that user, or give it a folder of its own (chown).`);
  }
  if (mode & 0o022) {
    throw new UnsafeDataDir(`DATA_DIR ${dataDir} may be written by other users of this host (mode ${octal}): make it private with  chmod 700 '${dataDir}'  and start again.`);
  }
  if (mode & 0o055) {
    chmodSync(dataDir, 0o700);
    log(`DATA_DIR ${dataDir} was readable by other users of this host (mode ${octal}): made private (700)`);
  }
}

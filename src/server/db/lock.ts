import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per data folder: PGlite's files are not safe to share. The lock file holds the owner's
 * pid; a lock left by a process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'console.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try { unlinkSync(file); } catch { /* already gone */ }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`The data folder ${dataDir} is in use by another console process (pid ${owner}). Stop it first, or set DATA_DIR to another folder.`);
      }
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

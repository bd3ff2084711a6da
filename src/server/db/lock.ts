import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per data folder: PGlite's files are not safe to share. The lock file names its owner: pid, the
 * process's start time (Linux: /proc/<pid>/stat field 22, clock ticks since boot) and the boot id. A lock whose
 * owner no longer runs is taken over. "Runs" means a process with that pid exists AND started when the owner
 * did AND the machine has not rebooted since: after a crash the pid is often reused (after a reboot or in a
 * container, even by a process of the same kind), and a pid alone would then block every restart.
 * Where /proc is missing (macOS) only the pid is compared, as before.
 */
export interface LockOwner {
  pid: number;
  /** /proc/<pid>/stat starttime; absent where /proc is missing. */
  start?: string;
  /** /proc/sys/kernel/random/boot_id; absent where /proc is missing. */
  boot?: string;
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'console.lock');
  const mine = JSON.stringify(currentOwner());
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createWhole(file, mine)) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock: if another process took it over (we were judged gone), it is theirs now.
        if (readOrNull(file) === mine) unlinkSync(file);
      };
    }
    const text = readOrNull(file);
    if (text === null) continue; // released meanwhile
    const owner = parseOwner(text);
    if (owner && owner.pid !== process.pid && ownerRuns(owner)) {
      throw new Error(`The data folder ${dataDir} is in use by another console process (pid ${owner.pid}). Stop it first, or set DATA_DIR to another folder.`);
    }
    removeStale(file, text);
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

/** Who this process is, as the lock file records it. */
export function currentOwner(): LockOwner {
  return { pid: process.pid, start: processStart(process.pid), boot: bootId() };
}

/** Whether the process a lock names still runs (and is the same process, not a later one with its pid). */
export function ownerRuns(owner: LockOwner): boolean {
  const boot = bootId();
  if (owner.boot && boot && owner.boot !== boot) return false;
  if (!pidExists(owner.pid)) return false;
  const stat = procStat(owner.pid);
  // A zombie has ended (killed, its parent not yet told): it holds no files. A restart right after a SIGKILL
  // can meet one, and where nobody reaps orphans (a container's pid 1) it stays.
  if (stat && (stat.state === 'Z' || stat.state === 'X')) return false;
  return !owner.start || !stat || stat.start === owner.start;
}

/** A lock file's owner: JSON, or a bare pid (the format before start times were recorded). */
export function parseOwner(text: string): LockOwner | null {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text) };
  try {
    const o = JSON.parse(text) as LockOwner;
    return Number.isInteger(o.pid) && o.pid > 0 ? o : null;
  } catch {
    return null;
  }
}

/** starttime of /proc/<pid>/stat (field 22); undefined where /proc is missing. */
export function processStart(pid: number): string | undefined {
  return procStat(pid)?.start;
}

/** State (field 3) and starttime (field 22) of /proc/<pid>/stat; fields count after the command name, which may hold spaces. */
function procStat(pid: number): { state: string; start: string } | undefined {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], start: fields[19] };
}

function bootId(): string | undefined {
  return readOrNull('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file appears with its whole content (written aside, then linked into place), or not at all. */
function createWhole(file: string, text: string): boolean {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, text, { mode: 0o600 });
  try {
    linkSync(aside, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    unlinkSync(aside);
  }
}

/**
 * Removes a stale lock, and only that one: it is moved aside first (one process wins the move), and if what was
 * moved is not the lock judged stale (another process took it over in between), it is put back.
 */
function removeStale(file: string, staleText: string) {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (readOrNull(aside) !== staleText) {
    try { linkSync(aside, file); } catch { /* a third process holds it now */ }
  }
  unlinkSync(aside);
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

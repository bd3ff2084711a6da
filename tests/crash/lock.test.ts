import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { acquireDataDirLock, currentOwner, ownerRuns, parseOwner, processStart } from '../../src/server/db/lock';
import { SERVER_LOCK_FILE } from '../../src/server/db/pglite-disk';

/**
 * The data folder's lock after a crash: the owner's pid may belong to another process by the time the console
 * restarts (pids are reused), and that must not block the restart; a lock of a process that really runs still does.
 */
let dataDir: string;
const lockFile = () => path.join(dataDir, 'console.lock');
const children: ChildProcess[] = [];
const linux = existsSync('/proc/self/stat');

/** Another live process, which is not a console. */
async function otherProcess(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child.pid!;
}

beforeEach(() => { dataDir = mkdtempSync(path.join(tmpdir(), 'console-lock-')); });
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
afterAll(() => { for (const c of children) c.kill('SIGKILL'); });

test('the lock file names the pid, the start time and the boot', () => {
  const release = acquireDataDirLock(dataDir);
  const owner = JSON.parse(readFileSync(lockFile(), 'utf8'));
  expect(owner.pid).toBe(process.pid);
  if (linux) {
    expect(owner.start).toBe(processStart(process.pid));
    expect(owner.boot).toMatch(/^[0-9a-f-]{36}$/);
  }
  release();
  expect(existsSync(lockFile())).toBe(false);
});

describe.runIf(linux)('a lock left by a crash', () => {
  test('whose pid now belongs to another process (started later) is taken over', async () => {
    const pid = await otherProcess();
    const start = processStart(pid)!;
    // The crashed console had this pid, but started at another time.
    writeFileSync(lockFile(), JSON.stringify({ ...currentOwner(), pid, start: String(Number(start) - 1000) }));
    const release = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    release();
  });

  test('written before the machine rebooted is taken over, whatever runs with its pid', async () => {
    const pid = await otherProcess();
    writeFileSync(lockFile(), JSON.stringify({ pid, start: processStart(pid), boot: '00000000-0000-0000-0000-000000000000' }));
    acquireDataDirLock(dataDir)();
  });

  test('of a process that has ended but not been reaped (a zombie) is taken over', async () => {
    // sh starts a child and replaces itself with sleep, which never reaps it; the child is ended only once sh is
    // sleep, so the shell cannot reap it first (a child that ended by itself could end before the exec, and be reaped).
    const sh = spawn('sh', ['-c', 'sleep 300 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(sh);
    const zombie = Number(await new Promise<string>((r) => sh.stdout!.once('data', (d) => r(String(d)))));
    const state = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8');
    while (!state(sh.pid!).startsWith(`${sh.pid} (sleep)`)) await new Promise((r) => setTimeout(r, 20));
    process.kill(zombie, 'SIGKILL');
    while (state(zombie).split(') ')[1][0] !== 'Z') await new Promise((r) => setTimeout(r, 20));
    writeFileSync(lockFile(), JSON.stringify({ ...currentOwner(), pid: zombie, start: processStart(zombie) }));
    expect(ownerRuns(parseOwner(readFileSync(lockFile(), 'utf8'))!)).toBe(false);
    acquireDataDirLock(dataDir)();
  });

  test('of a pid that no longer exists is taken over (also in the old format: a bare pid)', () => {
    writeFileSync(lockFile(), '2147483646');
    acquireDataDirLock(dataDir)();
  });
});

describe('a lock of a process that runs', () => {
  test.runIf(linux)('is respected: pid and start time match', async () => {
    const pid = await otherProcess();
    writeFileSync(lockFile(), JSON.stringify({ ...currentOwner(), pid, start: processStart(pid) }));
    expect(() => acquireDataDirLock(dataDir)).toThrow(`in use by another console process (pid ${pid})`);
  });

  test('is respected in the old format (a bare pid)', async () => {
    const pid = await otherProcess();
    writeFileSync(lockFile(), String(pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(`(pid ${pid})`);
  });

  test('is not removed by a process whose own lock was taken over', () => {
    const release = acquireDataDirLock(dataDir);
    const theirs = JSON.stringify({ pid: 1, start: '1' });
    writeFileSync(lockFile(), theirs);
    release();
    expect(readFileSync(lockFile(), 'utf8')).toBe(theirs);
  });
});

describe("PostgreSQL's own lock file in the database folder", () => {
  // A kill between its creation and its first write (at any start) leaves it empty; PostgreSQL would then refuse the
  // folder at every start after ("lock file is empty"), whole as its data is. Made here as such a kill leaves it.
  test('left empty by a kill, the database opens all the same, its data there', async () => {
    const first = await openDatabase({ dataDir });
    try {
      await sql`create table kept (n int)`.execute(first.db);
      await sql`insert into kept values (7)`.execute(first.db);
    } finally {
      await first.close();
    }
    writeFileSync(path.join(dataDir, 'pgdata', SERVER_LOCK_FILE), '');
    const again = await openDatabase({ dataDir });
    try {
      expect((await sql<{ n: number }>`select n from kept`.execute(again.db)).rows).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });
});

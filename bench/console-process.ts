import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MEMORY_MARK } from './console-memory';

/** The demo accounts' password in the consoles the load and browser benches start (their own data folders). */
export const BENCH_CONSOLE_PASSWORD = 'bench-load-password';

/** The embedded data folder of the load and browser benches: BENCH_LOAD_DIR, else .bench-load (another bench run may hold it). */
export const benchLoadDir = () => path.resolve(process.env.BENCH_LOAD_DIR ?? '.bench-load');

/**
 * Starts the console as its own process on the demo data (seeded on first use): the embedded database in
 * `dataDir` (benchLoadDir() unless named: a second process on one PostgreSQL needs a folder of its own), or
 * `databaseUrl`'s PostgreSQL server. Resolves once it listens; the caller kills it. With `memoryProbe`, the process
 * answers consoleMemory (bench/console-memory.ts); with `cwd`, the console of another checkout (bench/compare.ts); with `workers`, that WORKERS instead of the environment's. BENCH_CONSOLE_CPU_PROF=FOLDER profiles it (node --cpu-prof: the
 * profile is written there when it stops; bench/profile-summary.ts reads it). BENCH_DB_LEDGER_DIR=FOLDER counts its
 * database round trips by where they came from (bench/db-ledger.ts), in FOLDER/ledger-PORT.json.
 */
export function startConsole(port: number, databaseUrl = '', dataDir = benchLoadDir(), opts: { memoryProbe?: boolean; cwd?: string; workers?: string } = {}): Promise<ChildProcess> {
  mkdirSync(dataDir, { recursive: true });
  const probe = opts.memoryProbe ? ['--expose-gc', '--import', './bench/console-memory.ts'] : [];
  const profile = process.env.BENCH_CONSOLE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CONSOLE_CPU_PROF)}`] : [];
  const ledgerDir = process.env.BENCH_DB_LEDGER_DIR ? path.resolve(process.env.BENCH_DB_LEDGER_DIR) : '';
  const ledger = ledgerDir ? ['--import', path.resolve('bench/db-ledger.ts')] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...probe, ...profile, ...ledger, 'src/server/main.ts'], {
      cwd: opts.cwd,
      env: {
        // Its start is known by its "Console listening" line, logged at info whatever LOG_LEVEL the bench was run with.
        ...process.env, LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: BENCH_CONSOLE_PASSWORD, DEMO_DATA: '1', NODE_ENV: 'test',
        BENCH_MEMORY_PROBE: opts.memoryProbe ? '1' : '',
        BENCH_DB_LEDGER: ledgerDir ? path.join(ledgerDir, `ledger-${port}.json`) : '',
        ...(opts.workers ? { WORKERS: opts.workers } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let started = false;
    const timer = setTimeout(() => { child.kill('SIGTERM'); reject(new Error(`the console did not start within 10 minutes:\n${out}`)); }, 600_000);
    // Read to the end (a full pipe would stop the console), kept only until it has started.
    const read = (b: Buffer) => {
      if (started) return;
      out += b.toString();
      if (out.includes('Console listening')) { started = true; out = ''; clearTimeout(timer); resolve(child); }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the console ended (${code}):\n${out}`)); });
  });
}

/** Stops a console started above and waits for it to end (its data folder is free again after). */
export function stopConsole(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The live memory of a console started with `memoryProbe`, read right after a full garbage collection. */
export function consoleMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => { child.stdout!.off('data', read); reject(new Error('the console did not tell its memory')); }, 30_000);
    function read(b: Buffer) {
      buf += b.toString();
      const at = buf.indexOf(MEMORY_MARK);
      const end = at < 0 ? -1 : buf.indexOf('\n', at);
      if (end < 0) return;
      clearTimeout(timer);
      child.stdout!.off('data', read);
      resolve(JSON.parse(buf.slice(at + MEMORY_MARK.length, end)) as NodeJS.MemoryUsage);
    }
    child.stdout!.on('data', read);
    child.kill('SIGUSR2');
  });
}

/** The CPU time (user + system, seconds) a process has used so far (Linux: /proc, in clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

/** A process's CPU time so far (seconds), in user code and in the kernel apart (the kernel's: system calls, and the network work it is charged). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // After the command's name: state is field 3, utime 14 and stime 15 (proc(5)), here at 11 and 12.
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** The demo accounts' password in the consoles the load and browser benches start (their own data folders). */
export const BENCH_CONSOLE_PASSWORD = 'bench-load-password';

/** The embedded data folder of the load and browser benches: BENCH_LOAD_DIR, else .bench-load (another bench run may hold it). */
export const benchLoadDir = () => path.resolve(process.env.BENCH_LOAD_DIR ?? '.bench-load');

/**
 * Starts the console as its own process on the demo data (seeded on first use): the embedded database in
 * `dataDir` (benchLoadDir() unless named: a second process on one PostgreSQL needs a folder of its own), or
 * `databaseUrl`'s PostgreSQL server. Resolves once it listens; the caller kills it.
 */
export function startConsole(port: number, databaseUrl = '', dataDir = benchLoadDir()): Promise<ChildProcess> {
  mkdirSync(dataDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD: BENCH_CONSOLE_PASSWORD, DEMO_DATA: '1', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => { child.kill('SIGTERM'); reject(new Error(`the console did not start within 10 minutes:\n${out}`)); }, 600_000);
    const read = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Console listening')) { clearTimeout(timer); resolve(child); }
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

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';
import { ROOT } from './server-bundle';

/**
 * The console as a real process, in a process group of its own so that a SIGKILL reaches it whole, at once, with
 * no chance to close anything. It runs from this run's bundle of its sources (tests/crash/server-bundle.ts, built by
 * the API tests' global setup); a script not bundled runs as `npx tsx` runs it (`node --import tsx`).
 */
export { ROOT };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export class ServerProcess {
  readonly lines: string[] = [];
  /** When each line arrived (ISO time), by index. */
  private readonly times: string[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private waiters: (() => void)[] = [];

  private constructor(readonly port: number, env: Record<string, string>, script: string[]) {
    const bundle = inject('serverBundles')?.[script[0]];
    // With the bundle's source map: a stack trace names the source files' lines. --liftoff-only: these processes
    // live seconds, and optimising the database engine's WebAssembly cost each start more CPU than it saved.
    const args = ['--liftoff-only', ...(bundle ? ['--enable-source-maps', bundle, ...script.slice(1)] : ['--import', 'tsx', ...script])];
    this.child = spawn(process.execPath, args, {
      cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, PORT: String(port) },
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      let rest = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop()!;
        this.lines.push(...parts);
        this.times.push(...parts.map(() => new Date().toISOString()));
        for (const w of this.waiters.splice(0)) w();
      });
    }
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => {
      resolve(code);
      for (const w of this.waiters.splice(0)) w();
    }));
  }

  /** The console (or another script of the repository, with its arguments). */
  static async start(env: Record<string, string>, script = ['src/server/main.ts']): Promise<ServerProcess> {
    return new ServerProcess(await freePort(), env, script);
  }

  get url() { return `http://127.0.0.1:${this.port}`; }
  get pid() { return this.child.pid!; }
  get running() { return this.child.exitCode === null && this.child.signalCode === null; }

  /** The first output line matching `re`; fails if the process ends first or the time runs out (a hang's guard, sized for a slow busy machine). */
  async waitFor(re: RegExp, timeoutMs = 300_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const line = this.lines.find((l) => re.test(l));
      if (line) return line;
      if (!this.running) throw new Error(`the server ended before printing ${re}:\n${this.lines.join('\n')}`);
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no ${re} within ${timeoutMs} ms:\n${this.lines.join('\n')}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => { clearTimeout(t); resolve(); });
      });
    }
  }

  has(re: RegExp) { return this.lines.some((l) => re.test(l)); }

  /** When the first line matching `re` arrived (ISO time); throws if none did. */
  timeOf(re: RegExp): string {
    const i = this.lines.findIndex((l) => re.test(l));
    if (i < 0) throw new Error(`no line ${re}`);
    return this.times[i];
  }

  /** SIGKILL to the whole group; resolves when the process has ended. */
  async kill() {
    try { process.kill(-this.pid, 'SIGKILL'); } catch { /* already gone */ }
    await this.exited;
  }

  async stop() {
    try { process.kill(-this.pid, 'SIGTERM'); } catch { /* already gone */ }
    await this.exited;
  }
}

export async function signIn(base: string, email: string, password: string): Promise<string | null> {
  const res = await fetch(`${base}/api/adminUser/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) return null;
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const randomBetween = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

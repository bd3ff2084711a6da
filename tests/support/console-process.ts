import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A console process of its own for a test that needs more than one (several processes on one PostgreSQL): the server
 * as `npm start` runs it, on its own port, database and data folder, with the demo's people but not its records, and
 * scrypt made cheap. Every process started is kept in `started`, for the test to end them.
 */
export interface ConsoleProcess {
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** The demo people's password. */
  password: string;
  /** More settings of the process (SCHEDULER_TICK_SECONDS, …), over those above. */
  env?: Record<string, string>;
}

/** Starts a console process and waits until it listens; rejects with its output if it ends first or never listens. */
export function startConsole(options: ConsoleProcess, started: ChildProcess[]): Promise<ChildProcess> {
  const { port, databaseUrl, dataDir, password, env = {} } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_PASSWORD: password, DEMO_DATA: '0',
        MFA_REQUIRED_ROLES: 'none', SCRYPT_LOG_N: '10', NODE_ENV: 'test', ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let out = '';
    // No time limit: the first process migrates and seeds an empty database, minutes on a busy machine; a console that
    // cannot start ends, and its exit rejects with what it printed.
    const read = (b: Buffer) => {
      out += b.toString();
      if (out.includes('Console listening')) resolve(child);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => { reject(new Error(`console on ${port} ended (${code}): ${out.slice(-2000)}`)); });
  });
}

/** One request to a console process, its JSON answer read (undefined when it has none). */
export async function callConsole(origin: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

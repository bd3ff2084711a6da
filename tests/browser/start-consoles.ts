import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { buildServerBundles, bundleFolder, ROOT } from '../crash/server-bundle';
import { CONSOLES, DEMO_PASSWORD, READY_PORT } from './consoles';

/**
 * Starts every console of the browser tests at once, each on a fresh data folder (Playwright starts its web servers
 * one after another: four consoles seeding in turn took about 36 s, together about 20), and answers on READY_PORT
 * once all of them listen. Playwright ends this process's group after the run, and the consoles with it. The
 * consoles run from a bundle of the sources built here, at the start of each run (tests/crash/server-bundle.ts).
 */
const children: ChildProcess[] = [];
let listening = 0;

const bundles = bundleFolder();
const main = (await buildServerBundles(ROOT, bundles))['src/server/main.ts'];

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // The consoles have loaded it long before: only a console still starting could miss it, and it is being stopped.
  rmSync(bundles, { recursive: true, force: true });
  process.exit(code);
}

for (const { port, dataDir, dataset } of CONSOLES) {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    // A low scrypt cost: the tests sign in often, and none of them is about the hash's cost. The scheduler looks every
    // second: a test waits for what a rule or a campaign sends, never for the default tick of 15 s.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_PASSWORD, DEMO_DATA: dataset === 'demo' ? '1' : '0', MFA_REQUIRED_ROLES: 'none', NODE_ENV: 'test', SCRYPT_LOG_N: '10', SCHEDULER_TICK_SECONDS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let seen = false;
  const echo = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      console.log(`[${dataset} ${port}] ${line}`);
      if (!seen && line.includes('Console listening')) {
        seen = true;
        if (++listening === CONSOLES.length) createServer((_, res) => res.end('ready')).listen(READY_PORT, '127.0.0.1');
      }
    }
  };
  child.stdout!.on('data', echo);
  child.stderr!.on('data', echo);
  child.on('exit', (code, signal) => {
    console.log(`[${dataset} ${port}] ended (${signal ?? code})`);
    stopAll(1);
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));

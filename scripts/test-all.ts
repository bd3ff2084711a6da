import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The two long parts of `npm test` side by side: the unit, API and crash tests (vitest), and the build followed by
 * the browser tests (Playwright). Each spends part of its time waiting (consoles started and killed, a page waiting
 * for the network to settle), so on a 2-core machine running them together leaves fewer cores idle than running one
 * after the other. Every line is prefixed with its part; the run fails when either part fails, and both always
 * finish, so one report shows every failure.
 */
const bin = (name: string) => path.join('node_modules', '.bin', name);

interface Part { name: string; steps: string[][] }

const PARTS: Part[] = [
  { name: 'vitest', steps: [[bin('vitest'), 'run']] },
  { name: 'browser', steps: [[bin('vite'), 'build', '--logLevel', 'warn'], [bin('playwright'), 'test']] },
];

function prefixed(name: string, write: (line: string) => void) {
  let rest = '';
  return {
    push(chunk: Buffer) {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) write(`[${name}] ${line}\n`);
    },
    end() { if (rest) write(`[${name}] ${rest}\n`); },
  };
}

function runStep(name: string, [command, ...args]: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    const out = prefixed(name, (l) => process.stdout.write(l));
    const err = prefixed(name, (l) => process.stderr.write(l));
    child.stdout.on('data', out.push);
    child.stderr.on('data', err.push);
    child.on('error', (e) => { err.push(Buffer.from(`${e.message}\n`)); resolve(1); });
    child.on('close', (code) => { out.end(); err.end(); resolve(code ?? 1); });
  });
}

async function runPart(part: Part): Promise<{ name: string; code: number; seconds: number }> {
  const t0 = Date.now();
  let code = 0;
  for (const step of part.steps) {
    code = await runStep(part.name, step);
    if (code !== 0) break;
  }
  return { name: part.name, code, seconds: Math.round((Date.now() - t0) / 1000) };
}

const started = Date.now();
const results = await Promise.all(PARTS.map(runPart));
for (const r of results) console.log(`${r.name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${r.seconds} s`);
console.log(`both parts: ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);

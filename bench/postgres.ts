import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runLoad } from './load';
import type { FanoutOptions, LoadOptions } from './options';

/**
 * The load part on each database asked for: the embedded one, then PostgreSQL. PostgreSQL is DATABASE_URL's server
 * when given (the console seeds it if empty); else a throwaway local cluster started as `npm run test:pg` starts it
 * (scripts/with-postgres.sh: a temporary folder, 127.0.0.1 only, removed afterwards), in which this part runs again
 * as a child process on a fresh database of its own; else it says why it skipped PostgreSQL.
 */
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Set in the child run inside with-postgres.sh: its summary lines go to this file for the parent to print. */
const SUMMARY_FILE = 'BENCH_SUMMARY_FILE';

/** Why a local PostgreSQL cannot be started here (as scripts/with-postgres.sh looks for it), or null when it can. */
function noLocalPostgres(): string | null {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) : [];
  const onPath = (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, 'initdb')));
  if (!process.env.PG_BIN && !versions.length && !onPath) return 'no DATABASE_URL, and PostgreSQL is not installed (no initdb)';
  return null;
}

/** A database of its own on the throwaway cluster (its role may create databases, not tables in `postgres`). */
async function freshDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try { await client.query('create database bench_load'); } finally { await client.end(); }
  const url = new URL(adminUrl);
  url.pathname = '/bench_load';
  return url.toString();
}

/** `npm run bench` again inside a throwaway PostgreSQL (scripts/with-postgres.sh), with `cliArgs`; its summary lines. */
function inThrowawayPostgres(cliArgs: string[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  const file = path.join(dir, 'summary.txt');
  const args = ['scripts/with-postgres.sh', process.execPath, '--import', 'tsx', 'bench/cli.ts', ...cliArgs];
  log('Starting a throwaway PostgreSQL server (scripts/with-postgres.sh)…');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', args, { stdio: 'inherit', env: { ...process.env, DATABASE_URL: '', [SUMMARY_FILE]: file } });
    child.on('error', reject);
    child.on('exit', (code) => {
      const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
      rmSync(dir, { recursive: true, force: true });
      if (code === 0 && lines.length) resolve(lines);
      else reject(new Error(`the PostgreSQL load run ended with ${code}`));
    });
  });
}

/**
 * A part on each database asked for: `run('')` on the embedded one; on PostgreSQL, `run(url)` with DATABASE_URL's
 * server, else inside a throwaway one (the part again, as `cliArgs`, in a child run), else a line saying why not.
 */
async function onDatabases(title: string, databases: readonly ('embedded' | 'postgres')[], run: (databaseUrl: string) => Promise<string[]>, cliArgs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const which of databases) {
    if (which === 'embedded') { out.push(...(await run(''))); continue; }
    if (process.env.DATABASE_URL) { out.push(...(await run(process.env.DATABASE_URL))); continue; }
    if (process.env.TEST_DATABASE_URL && process.env[SUMMARY_FILE]) {
      // The child run inside with-postgres.sh.
      const lines = await run(await freshDatabase(process.env.TEST_DATABASE_URL));
      writeFileSync(process.env[SUMMARY_FILE]!, lines.join('\n'));
      out.push(...lines);
      continue;
    }
    const why = noLocalPostgres();
    if (why) { const line = `${title}, PostgreSQL server: skipped (${why})`; console.log(`\n${line}`); out.push(line); continue; }
    out.push(...(await inThrowawayPostgres(cliArgs)));
  }
  return out;
}

export async function runLoadParts(opts: LoadOptions): Promise<string[]> {
  if (opts.compare) {
    const { runCompare } = await import('./compare');
    return onDatabases('Load compared', opts.databases, (url) => runCompare(opts, url),
      ['--load=postgres', `--seconds=${opts.seconds}`, `--connections=${opts.connections}`, `--compare=${opts.compare}`]);
  }
  return onDatabases('Load', opts.databases, (url) => runLoad(opts, url), ['--load=postgres', `--seconds=${opts.seconds}`, `--connections=${opts.connections}`]);
}

export async function runFanoutParts(opts: FanoutOptions): Promise<string[]> {
  const { runFanout } = await import('./fanout');
  return onDatabases('Fan-out', opts.databases, (url) => runFanout(opts, url),
    ['--fanout=postgres', `--streams=${opts.streams}`, `--writers=${opts.writers}`, `--seconds=${opts.seconds}`, `--load-seconds=${opts.loadSeconds}`]);
}

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchLoadDir, startConsole, stopConsole } from './console-process';
import { addStretch, EMPTY_LEDGER, ledgerTable, readLedger, type Ledger } from './db-ledger-report';
import { prepareMix, pooled, type MixRun, type Sample } from './load';
import type { LoadOptions } from './options';
import { percentile } from './timing';

/**
 * `npm run bench -- --load --compare=<git ref>`: this tree's console beside the build at `ref`, on the same data, the
 * same mix run on both in alternating stretches (this, then the other, then the other, then this, …), so that a
 * machine that slows down or speeds up meanwhile weighs on both alike; prints each operation's p50, p99 and
 * requests/s on both and their ratio (this / ref). Every claim of faster or slower is then a ratio from one run.
 *
 * The ref is checked out in a temporary `git worktree` and run from its source as `npm start` runs the server (tsx),
 * with this tree's node_modules linked in (offline, npm ci cannot fetch): when the ref's package-lock.json differs
 * from this tree's, the output says so, and the ref runs on this tree's packages all the same. The mix calls the API
 * only, so the ref's client is not built.
 *
 * Same data: the ref's console seeds a database of its own (an embedded folder, kept for the next run, or a
 * PostgreSQL database), and this tree's console starts on a copy of it, which its own migrations bring forward.
 * WORKERS in the environment is given to both; BENCH_REF_WORKERS, when set, to the ref's alone: `--compare=HEAD` with
 * WORKERS=2 BENCH_REF_WORKERS=1 is then the same build with two processes beside one (issue 35 §3: do audited reads
 * scale with processes?).
 */
const log = (line: string) => process.stderr.write(`${line}\n`);
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 8733);
const WARM_UP_SECONDS = 5;
/** Stretches each console runs; each is seconds / STRETCHES long. */
const STRETCHES = 4;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();

/** The ref as a worktree of its own, with this tree's packages; remove() takes it away again. */
export function checkOut(ref: string): { dir: string; sha: string; lockNote: string | null; remove: () => void } {
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'bench-compare-')), sha.slice(0, 9));
  git('worktree', 'add', '--quiet', '--detach', dir, sha);
  symlinkSync(realpathSync('node_modules'), path.join(dir, 'node_modules'), 'dir');
  const theirs = readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  const lockNote = theirs === readFileSync('package-lock.json', 'utf8') ? null
    : `${ref}'s package-lock.json differs from this tree's: it runs on this tree's node_modules (npm ci is not run offline)`;
  return { dir, sha, lockNote, remove: () => { git('worktree', 'remove', '--force', dir); rmSync(path.dirname(dir), { recursive: true, force: true }); } };
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}
const withDatabase = (url: string, name: string) => { const u = new URL(url); u.pathname = `/${name}`; return u.toString(); };

/**
 * The two consoles' data: the ref seeds its own (first start), this tree's is a copy of it. Returns where each runs.
 * On PostgreSQL, two databases bench_compare_ref and bench_compare_this of `databaseUrl`'s server, made again each run.
 */
async function sameData(databaseUrl: string, sha: string, startRef: (url: string, dataDir: string) => Promise<void>) {
  const refDir = `${benchLoadDir()}-ref-${sha.slice(0, 9)}`;
  const thisDir = `${benchLoadDir()}-compare-this`;
  if (databaseUrl) {
    for (const name of ['bench_compare_this', 'bench_compare_ref']) await admin(databaseUrl, `drop database if exists ${name} with (force)`);
    await admin(databaseUrl, 'create database bench_compare_ref');
    await startRef(withDatabase(databaseUrl, 'bench_compare_ref'), refDir);
    await admin(databaseUrl, 'create database bench_compare_this template bench_compare_ref');
    return { ref: { url: withDatabase(databaseUrl, 'bench_compare_ref'), dir: refDir }, this: { url: withDatabase(databaseUrl, 'bench_compare_this'), dir: thisDir } };
  }
  if (!existsSync(path.join(refDir, 'pgdata'))) await startRef('', refDir);
  rmSync(thisDir, { recursive: true, force: true });
  cpSync(refDir, thisDir, { recursive: true });
  return { ref: { url: '', dir: refDir }, this: { url: '', dir: thisDir } };
}

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');

function figuresOf(samples: readonly Sample[], seconds: number) {
  const t = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: samples.length, perSecond: samples.length / seconds, p50: percentile(t, 0.5), p95: percentile(t, 0.95), p99: percentile(t, 0.99), errors: samples.filter((s) => !s.ok).length };
}

/** The comparison on the embedded database (databaseUrl '') or a PostgreSQL server; its summary lines. */
export async function runCompare(opts: LoadOptions, databaseUrl: string): Promise<string[]> {
  const ref = opts.compare!;
  const where = databaseUrl ? 'PostgreSQL server' : 'embedded database';
  const refWorkers = process.env.BENCH_REF_WORKERS || undefined;
  const workers = (process.env.WORKERS && process.env.WORKERS !== '1' ? `, WORKERS=${process.env.WORKERS}` : '') + (refWorkers ? ` (the ref's: ${refWorkers})` : '');
  log(`Checking out ${ref} in a temporary worktree…`);
  const tree = checkOut(ref);
  if (tree.lockNote) { log(tree.lockNote); console.log(`\nNote: ${tree.lockNote}.`); }
  const consoles: Awaited<ReturnType<typeof startConsole>>[] = [];
  try {
    const data = await sameData(databaseUrl, tree.sha, async (url, dir) => {
      log(`Seeding the demo data with ${ref}'s console…`);
      await stopConsole(await startConsole(PORT + 1, url, dir, { cwd: tree.dir }));
    });
    log(`Starting ${ref}'s console on port ${PORT + 1} and this tree's on port ${PORT} (${where}${workers})…`);
    consoles.push(await startConsole(PORT + 1, data.ref.url, data.ref.dir, { cwd: tree.dir, workers: refWorkers }));
    // Named as it starts: the source it runs is the tree's at this moment.
    const head = git('rev-parse', '--short=9', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? ' (with changes not committed)' : '');
    consoles.push(await startConsole(PORT, data.this.url, data.this.dir));
    const mixes = { this: await prepareMix(PORT, opts.connections), ref: await prepareMix(PORT + 1, opts.connections) };
    try {
      log(`Warming both up (${WARM_UP_SECONDS} s each), then ${STRETCHES} stretches of ${opts.seconds / STRETCHES} s each, alternating…`);
      await mixes.this.run(WARM_UP_SECONDS);
      await mixes.ref.run(WARM_UP_SECONDS);
      const runs: Record<'this' | 'ref', MixRun[]> = { this: [], ref: [] };
      // With BENCH_DB_LEDGER_DIR, each console's database round trips during its own stretches (bench/db-ledger.ts).
      const ports = { this: PORT, ref: PORT + 1 };
      const ledgers: Record<'this' | 'ref', Ledger> = { this: EMPTY_LEDGER, ref: EMPTY_LEDGER };
      for (let i = 0; i < STRETCHES; i++) {
        // this, ref, ref, this, …: each goes first as often as the other.
        const order = i % 2 === 0 ? (['this', 'ref'] as const) : (['ref', 'this'] as const);
        for (const side of order) {
          const before = readLedger(ports[side]);
          runs[side].push(await mixes[side].run(opts.seconds / STRETCHES));
          const after = readLedger(ports[side]);
          if (before && after) ledgers[side] = addStretch(ledgers[side], before, after);
        }
      }
      const both = { this: pooled(runs.this), ref: pooled(runs.ref) };
      const kinds = [...new Set([...both.this.samples, ...both.ref.samples].map((s) => s.kind))].sort();
      const row = (name: string, pick: (s: Sample) => boolean) => {
        const a = figuresOf(both.this.samples.filter(pick), both.this.seconds);
        const b = figuresOf(both.ref.samples.filter(pick), both.ref.seconds);
        return `| ${name} | ${a.p50.toFixed(1)} / ${b.p50.toFixed(1)} | **${ratio(a.p50, b.p50)}** | ${a.p99.toFixed(1)} / ${b.p99.toFixed(1)} | **${ratio(a.p99, b.p99)}** | ${a.perSecond.toFixed(1)} / ${b.perSecond.toFixed(1)} | **${ratio(a.perSecond, b.perSecond)}** | ${a.errors} / ${b.errors} |`;
      };
      console.log(`\nLoad compared: this tree (${head}) / ${ref} (${tree.sha.slice(0, 9)}), ${opts.connections} connections, ${STRETCHES} alternating stretches of ${opts.seconds / STRETCHES} s each, ${where}${workers} (demo data; Node ${process.version})`);
      console.log('| operation | p50 ms this / ref | p50 ratio | p99 ms this / ref | p99 ratio | req/s this / ref | req/s ratio | errors |\n|---|---|---|---|---|---|---|---|');
      console.log(row('all', () => true));
      for (const kind of kinds) console.log(row(kind, (s) => s.kind === kind));
      // Issue 35 §3: no operation's p50 above twice the list page's (a list of no patient data: the plainest read).
      const p50Of = (s: MixRun, kind: string) => figuresOf(s.samples.filter((x) => x.kind === kind), 1).p50;
      for (const side of ['this', 'ref'] as const) {
        const page = p50Of(both[side], 'list page');
        const over = kinds.filter((k) => p50Of(both[side], k) > 2 * page).map((k) => `${k} ${(p50Of(both[side], k) / page).toFixed(2)}×`);
        console.log(`${side}: operations with a p50 above 2× the list page's (${page.toFixed(1)} ms): ${over.length ? over.join(', ') : 'none'}`);
      }
      const all = { this: figuresOf(both.this.samples, both.this.seconds), ref: figuresOf(both.ref.samples, both.ref.seconds) };
      if (readLedger(PORT)) for (const side of ['this', 'ref'] as const) console.log(ledgerTable(side === 'this' ? `this tree (${head})` : `${ref}`, ledgers[side], all[side].n));
      return [`Load compared with ${ref}, ${where}${workers}, ${opts.connections} connections: p50 ×${ratio(all.this.p50, all.ref.p50)}, p99 ×${ratio(all.this.p99, all.ref.p99)}, requests/s ×${ratio(all.this.perSecond, all.ref.perSecond)} (this / ref)`];
    } finally {
      mixes.this.close();
      mixes.ref.close();
    }
  } finally {
    for (const c of consoles) await stopConsole(c);
    tree.remove();
  }
}

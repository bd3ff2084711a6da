import { CompiledQuery } from 'kysely';
import { createApp } from '../src/server/app';
import type { DB } from '../src/server/db/connection';
import { SCREEN_PAGE } from './care-operations';
import { Client } from './client';
import { buildOperations, type Operation } from './operations';
import type { BenchOptions } from './options';
import { fmt } from './progress';
import { dataSetSummary, missed, seedSummary, timingTable } from './report';
import { BENCH_PASSWORD, openDataSet, vacuumDataSet } from './seed';
import { callOnce, timeOperation, type Timing } from './timing';
import { traced, type Statement } from './trace';

/**
 * `npm run bench -- --data` (the first part of `npm run bench`): seeds (or reuses) a large data set in an embedded
 * database, then times the console's calls through the real HTTP app. It only reports; nothing here is a test.
 */
const log = (line: string) => process.stderr.write(`${line}\n`);

/** EXPLAIN ANALYZE runs the statement: a write's plan is taken in a transaction that is rolled back. */
async function explainAnalyze(db: DB, st: Statement) {
  const query = CompiledQuery.raw(`explain (analyze, buffers) ${st.sql}`, st.params);
  if (/^\s*(select|with)\b/i.test(st.sql)) return db.executeQuery<Record<string, string>>(query);
  let plan: Awaited<ReturnType<typeof db.executeQuery<Record<string, string>>>> | undefined;
  const rollback = new Error('rollback');
  try {
    await db.transaction().execute(async (tx) => {
      plan = await tx.executeQuery<Record<string, string>>(query);
      throw rollback;
    });
  } catch (err) {
    if (err !== rollback) throw err;
  }
  return plan!;
}

/** Runs an operation's first ten variants with SQL tracing and explains the slowest statement seen. */
async function explain(db: DB, client: Client, op: Operation): Promise<string> {
  const runs: { path: string; ms: number; statements: Statement[] }[] = [];
  for (let i = 0; i < 10; i++) {
    const path = op.path(i);
    const { result, statements } = await traced(() => callOnce(client, op, i));
    runs.push({ path, ms: result.ms, statements });
  }
  const worst = runs.sort((a, b) => b.ms - a.ms)[0];
  const slowest = [...worst.statements].sort((a, b) => b.ms - a.ms)[0];
  if (!slowest) return `### ${op.name}: no statements`;
  const plan = await explainAnalyze(db, slowest);
  return [
    `### ${op.name}: slowest of 10 runs ${worst.ms.toFixed(1)} ms (${worst.path}); its statements: ${worst.statements.map((s) => s.ms.toFixed(1)).join(', ')} ms`,
    slowest.sql.replace(/\s+/g, ' ').slice(0, 1500),
    `params: ${JSON.stringify(slowest.params).slice(0, 300)}`,
    ...plan.rows.map((r) => Object.values(r)[0]),
  ].join('\n');
}

/** Times each operation in turn, naming it on stderr as it goes. */
export async function timeAll(client: Client, ops: Operation[], opts: Pick<BenchOptions, 'runs' | 'warmup'>): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const [i, op] of ops.entries()) {
    process.stderr.write(`\r[${i + 1}/${ops.length}] ${op.name}\x1b[K`);
    timings.push(await timeOperation(client, op, { runs: opts.runs, warmup: opts.warmup, budgetMs: 15_000 }));
  }
  process.stderr.write('\n');
  return timings;
}

/** Returns the summary lines of issue 8's figures (list search, cross-entity search, the rest). */
export async function runDataSet(opts: BenchOptions): Promise<string[]> {
  if (opts.growth) return (await import('./growth')).runGrowth(opts);
  const { database, config, report: opened } = await openDataSet(opts, log);
  try {
    const report = opts.vacuum ? await vacuumDataSet(database.db, opts.dataDir, opened, log) : opened;
    console.log(seedSummary(report));
    if (opts.seedOnly) return [];

    const client = new Client(createApp({ db: database.db, config }));
    await client.signIn('superadmin@demo.test', BENCH_PASSWORD);
    log('Preparing operations (sample rows, deep cursors)…');
    const ops = (await buildOperations(database.db, client, report.counts)).filter((o) => !opts.only || o.name.includes(opts.only));
    const timings = await timeAll(client, ops, opts);
    console.log(`\nIn-process HTTP timings (superadmin, limit 50, the status lists and payments ${SCREEN_PAGE} as the list screen; ${opts.warmup} warm-up runs each; Node ${process.version}):`);
    console.log(timingTable(timings));

    if (opts.explain) {
      for (const t of timings) {
        if (opts.explain === 'slow' && !missed(t)) continue;
        console.log(`\n${await explain(database.db, client, ops.find((o) => o.name === t.name)!)}`);
      }
    }
    const rows = Object.values(report.counts).reduce((a, b) => a + b, 0);
    const summary = dataSetSummary(timings, `${fmt(rows)} rows at scale ${report.scale}`);
    console.log(`\n${summary.join('\n')}`);
    return summary;
  } finally {
    await database.close();
  }
}

import path from 'node:path';
import { createApp } from '../src/server/app';
import { Client } from './client';
import { growthKind, growthSummary, growthTable, type ScaleRun } from './growth-report';
import { buildOperations } from './operations';
import type { BenchOptions } from './options';
import { seedSummary } from './report';
import { timeAll } from './run';
import { BENCH_PASSWORD, openDataSet, vacuumDataSet } from './seed';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Where a scale's data set lives: its own folder, so that both stay seeded between runs. */
export const scaleDir = (dataDir: string, scale: number) => path.join(dataDir, `scale-${scale}`);

/**
 * `npm run bench -- --data --growth[=A,B]`: the same operations on two data sets, the smaller first, one after the
 * other (each seeded once, then reused), then each operation's p95 at both and the ratio. Only list pages, pickers,
 * the fmc dashboard and a patient's timeline: what a page shows is bounded, so what they read should be too.
 */
export async function runGrowth(opts: BenchOptions): Promise<string[]> {
  const runs: ScaleRun[] = [];
  for (const [i, scale] of opts.growth!.entries()) {
    log(`\n--- scale ${scale} (${i + 1} of 2) ---`);
    const dataDir = scaleDir(opts.dataDir, scale);
    const { database, config, report: opened } = await openDataSet({ ...opts, scale, dataDir }, log);
    try {
      const report = opts.vacuum ? await vacuumDataSet(database.db, dataDir, opened, log) : opened;
      console.log(seedSummary(report));
      if (opts.seedOnly) continue;
      const client = new Client(createApp({ db: database.db, config }));
      await client.signIn('superadmin@demo.test', BENCH_PASSWORD);
      log('Preparing operations (sample rows, deep cursors)…');
      const ops = (await buildOperations(database.db, client, report.counts))
        .map((op) => ({ op, kind: growthKind(op) }))
        .filter((o) => o.kind && (!opts.only || o.op.name.includes(opts.only)));
      const timings = await timeAll(client, ops.map((o) => o.op), opts);
      const rows = Object.values(report.counts).reduce((a, b) => a + b, 0);
      runs.push({ scale, rows, timings: timings.map((timing, j) => ({ kind: ops[j].kind!, timing })) });
    } finally {
      await database.close();
    }
  }
  if (opts.seedOnly) return [];
  const [small, large] = runs;
  console.log(`\nGrowth: p95 in ms at scale ${small.scale} and ${large.scale}, one after the other on this machine (superadmin; ${opts.warmup} warm-up runs, up to ${opts.runs} timed):`);
  console.log(growthTable(small, large));
  const summary = growthSummary(small, large);
  console.log(`\n${summary.join('\n')}`);
  return summary;
}

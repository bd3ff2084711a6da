import path from 'node:path';
import { createApp } from '../src/server/app';
import type { Database } from '../src/server/db/connection';
import { Client } from './client';
import { growthKind, growthSummary, growthTable, stableName, type GrowthKind, type ScaleRun } from './growth-report';
import { buildOperations, type Operation } from './operations';
import type { BenchOptions } from './options';
import { seedSummary } from './report';
import { BENCH_PASSWORD, openDataSet, vacuumDataSet } from './seed';
import { timeTogether, type Timing } from './timing';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Where a scale's data set lives: its own folder, so that both stay seeded between runs. */
export const scaleDir = (dataDir: string, scale: number) => path.join(dataDir, `scale-${scale}`);

interface OpenScale { scale: number; rows: number; database: Database; client: Client; ops: Map<string, { op: Operation; kind: GrowthKind }> }

/**
 * `npm run bench -- --data --growth[=A,B]`: the same operations on two data sets (each seeded once, then reused), each
 * operation's p95 at both and the ratio. Only list pages, pickers, the fmc dashboard, a patient's timeline and the
 * palette's search: what a page shows is bounded, so what they read should be too. Both data sets are open at once and each operation's calls
 * go to one and the other in turn (timeTogether), so that a ratio compares timings taken under the same conditions of
 * the machine, not two halves of a run minutes apart.
 */
export async function runGrowth(opts: BenchOptions): Promise<string[]> {
  const open: OpenScale[] = [];
  try {
    for (const [i, scale] of opts.growth!.entries()) {
      log(`\n--- scale ${scale} (${i + 1} of 2) ---`);
      const dataDir = scaleDir(opts.dataDir, scale);
      const { database, config, report: opened } = await openDataSet({ ...opts, scale, dataDir }, log);
      open.push({ scale, rows: 0, database, client: new Client(createApp({ db: database.db, config })), ops: new Map() });
      const report = opts.vacuum ? await vacuumDataSet(database.db, dataDir, opened, log) : opened;
      console.log(seedSummary(report));
      if (opts.seedOnly) continue;
      const at = open[i];
      at.rows = Object.values(report.counts).reduce((a, b) => a + b, 0);
      await at.client.signIn('superadmin@demo.test', BENCH_PASSWORD);
      log('Preparing operations (sample rows, deep cursors)…');
      for (const op of await buildOperations(database.db, at.client, report.counts)) {
        const kind = growthKind(op);
        if (kind && (!opts.only || op.name.includes(opts.only))) at.ops.set(stableName(op.name), { op, kind });
      }
    }
    if (opts.seedOnly) return [];
    const [small, large] = open;
    const names = [...small.ops.keys()].filter((n) => large.ops.has(n));
    const timings: [Timing, Timing][] = [];
    for (const [i, name] of names.entries()) {
      process.stderr.write(`\r[${i + 1}/${names.length}] ${name}\x1b[K`);
      const side = (at: OpenScale) => ({ client: at.client, op: at.ops.get(name)!.op });
      // Call by call, the order alternating from one operation to the next.
      const order = i % 2 === 0 ? [small, large] : [large, small];
      const [first, second] = await timeTogether(order.map(side), { runs: opts.runs, warmup: opts.warmup, budgetMs: 15_000 });
      timings.push(i % 2 === 0 ? [first, second] : [second, first]);
    }
    process.stderr.write('\n');
    const runOf = (at: OpenScale, side: 0 | 1): ScaleRun => ({ scale: at.scale, rows: at.rows, timings: names.map((n, i) => ({ kind: at.ops.get(n)!.kind, timing: timings[i][side] })) });
    const [smallRun, largeRun] = [runOf(small, 0), runOf(large, 1)];
    console.log(`\nGrowth: p95 in ms at scale ${small.scale} and ${large.scale}, each operation's calls on one and the other in turn, on this machine (superadmin; ${opts.warmup} warm-up runs, up to ${opts.runs} timed):`);
    console.log(growthTable(smallRun, largeRun));
    const summary = growthSummary(smallRun, largeRun);
    console.log(`\n${summary.join('\n')}`);
    return summary;
  } finally {
    for (const at of open) await at.database.close();
  }
}

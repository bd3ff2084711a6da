import type { Client } from './client';
import type { Operation } from './operations';

export interface Timing {
  name: string; runs: number; p50: number; p95: number; max: number; rows: number; error?: string; target?: number;
  /** The process's CPU time per call (user + system, median and p95): what the call costs on a machine no one else uses. */
  cpu50: number; cpu95: number;
  /** Median ms to collect the young garbage a call left (NaN without --expose-gc): the collection cost kept out of its time. */
  gc50: number;
}

/** Nearest-rank percentile of sorted times. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** The nearest-rank median (the lower of the two middle values), NaN of none. */
export const median = (values: readonly number[]) => (values.length ? percentile([...values].sort((a, b) => a - b), 0.5) : NaN);

export const callOnce = (client: Client, op: Operation, run: number) => (op.call ? op.call(client, run) : client.get(op.path(run)));

const failed = (op: Operation, runs: number, rows: number): Timing =>
  ({ name: op.name, target: op.target, runs, p50: NaN, p95: NaN, max: NaN, rows, cpu50: NaN, cpu95: NaN, gc50: NaN });

type Collect = (options?: { type: 'minor' | 'major' }) => void;
const collector = () => (globalThis as { gc?: Collect }).gc;

/** Collects the young generation now (outside any timing) and says how long that took, or NaN without --expose-gc. */
function collectYoung(): number {
  const gc = collector();
  if (!gc) return NaN;
  const started = performance.now();
  gc({ type: 'minor' });
  return performance.now() - started;
}

const rowsOf = (data: unknown) => (Array.isArray(data) ? data.length : data ? 1 : 0);

/**
 * Warm-up runs, then timed runs one after another (PGlite serves one call at a time, so this is also what
 * a user sees on an idle server). A slow operation gets fewer runs, never fewer than 10, so that the
 * bench ends in minutes even before anything is fixed. Each run's CPU time is taken too: on a machine shared
 * with other work the wall times include waiting for a core, the CPU times do not (PGlite runs in this thread
 * and reads its files synchronously, so they cover the database's work as well).
 */
export async function timeOperation(client: Client, op: Operation, opts: { runs: number; warmup: number; budgetMs: number }): Promise<Timing> {
  return (await timeTogether([{ client, op }], opts))[0];
}

/**
 * timeOperation for several operations at once (the same one on two data sets, bench/growth.ts), their calls taken in
 * turn, run after run: whatever the machine does meanwhile (a collection, another process) falls on all of them alike.
 * The runs are those the slowest's warm-up allows.
 */
export async function timeTogether(sides: readonly { client: Client; op: Operation }[], opts: { runs: number; warmup: number; budgetMs: number }): Promise<Timing[]> {
  const warmMs = sides.map(() => 0);
  const broken: (string | undefined)[] = sides.map(() => undefined);
  const errorOf = (r: Awaited<ReturnType<typeof callOnce>>) => `${r.status} ${r.body.errors?.[0]?.message ?? ''}`;
  // Each operation starts from a collected heap (the bench runs with --expose-gc): the garbage of the operations before
  // it, or of the other data set (--growth), is not collected inside its timings; its own garbage still is.
  collector()?.();
  for (let i = 0; i < opts.warmup; i++) {
    for (const [k, { client, op }] of sides.entries()) {
      if (broken[k]) continue;
      const r = await callOnce(client, op, i);
      if (r.status !== 200) broken[k] = errorOf(r);
      warmMs[k] += r.ms;
    }
  }
  const avg = opts.warmup ? Math.max(...warmMs) / opts.warmup : 0;
  const runs = avg > 0 ? Math.max(Math.min(opts.runs, 10), Math.min(opts.runs, Math.floor(opts.budgetMs / (avg * sides.length)))) : opts.runs;
  const times = sides.map((): number[] => []);
  const cpu = sides.map((): number[] => []);
  const rows = sides.map(() => 0);
  const collecting = sides.map((): number[] => []);
  // Each timed call starts from an empty young generation. A scavenge comes every few dozen calls, whoever's garbage
  // filled the space, and lasts about as long as a small page's whole spread: left in the timings, it lands on a few
  // calls at random, on one data set or the other, and moves a small page's p95 by half. Collected between calls, each
  // call's own collection is timed apart (gc50) and charged to it, so a call that leaves more garbage still shows.
  let previous = -1;
  const collectAfter = () => { const ms = collectYoung(); if (previous >= 0 && Number.isFinite(ms)) collecting[previous].push(ms); };
  collectYoung();
  for (let i = 0; i < runs; i++) {
    for (const [k, { client, op }] of sides.entries()) {
      if (broken[k]) continue;
      collectAfter();
      previous = k;
      const before = process.cpuUsage();
      const r = await callOnce(client, op, opts.warmup + i);
      const used = process.cpuUsage(before);
      if (r.status !== 200) { broken[k] = errorOf(r); continue; }
      times[k].push(r.ms);
      cpu[k].push((used.user + used.system) / 1000);
      rows[k] = rowsOf(r.body.data);
    }
  }
  collectAfter();
  return sides.map(({ op }, k) => {
    if (broken[k]) return { ...failed(op, times[k].length, rows[k]), error: broken[k] };
    const t = [...times[k]].sort((a, b) => a - b);
    const c = [...cpu[k]].sort((a, b) => a - b);
    return { name: op.name, target: op.target, runs, p50: percentile(t, 0.5), p95: percentile(t, 0.95), max: t[t.length - 1], rows: rows[k], cpu50: percentile(c, 0.5), cpu95: percentile(c, 0.95), gc50: median(collecting[k]) };
  });
}

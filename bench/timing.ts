import type { Client } from './client';
import type { Operation } from './operations';

export interface Timing {
  name: string; runs: number; p50: number; p95: number; max: number; rows: number; error?: string; target?: number;
  /** The process's CPU time per call (user + system, median and p95): what the call costs on a machine no one else uses. */
  cpu50: number; cpu95: number;
}

/** Nearest-rank percentile of sorted times. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export const callOnce = (client: Client, op: Operation, run: number) => (op.call ? op.call(client, run) : client.get(op.path(run)));

const failed = (op: Operation, runs: number, rows: number): Timing =>
  ({ name: op.name, target: op.target, runs, p50: NaN, p95: NaN, max: NaN, rows, cpu50: NaN, cpu95: NaN });

const rowsOf = (data: unknown) => (Array.isArray(data) ? data.length : data ? 1 : 0);

/**
 * Warm-up runs, then timed runs one after another (PGlite serves one call at a time, so this is also what
 * a user sees on an idle server). A slow operation gets fewer runs, never fewer than 10, so that the
 * bench ends in minutes even before anything is fixed. Each run's CPU time is taken too: on a machine shared
 * with other work the wall times include waiting for a core, the CPU times do not (PGlite runs in this thread
 * and reads its files synchronously, so they cover the database's work as well).
 */
export async function timeOperation(client: Client, op: Operation, opts: { runs: number; warmup: number; budgetMs: number }): Promise<Timing> {
  let warmMs = 0;
  // Each operation starts from a collected heap (the bench runs with --expose-gc): the garbage of the operations before
  // it, or of a first data set (--growth), is not collected inside its timings; its own garbage still is.
  (globalThis as { gc?: () => void }).gc?.();
  for (let i = 0; i < opts.warmup; i++) {
    const r = await callOnce(client, op, i);
    if (r.status !== 200) return { ...failed(op, 0, 0), error: `${r.status} ${r.body.errors?.[0]?.message ?? ''}` };
    warmMs += r.ms;
  }
  const avg = opts.warmup ? warmMs / opts.warmup : 0;
  const runs = avg > 0 ? Math.max(Math.min(opts.runs, 10), Math.min(opts.runs, Math.floor(opts.budgetMs / avg))) : opts.runs;
  const times: number[] = [];
  const cpu: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const before = process.cpuUsage();
    const r = await callOnce(client, op, opts.warmup + i);
    const used = process.cpuUsage(before);
    if (r.status !== 200) return { ...failed(op, i, rows), error: `${r.status} ${r.body.errors?.[0]?.message ?? ''}` };
    times.push(r.ms);
    cpu.push((used.user + used.system) / 1000);
    rows = rowsOf(r.body.data);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    name: op.name, target: op.target, runs, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times[times.length - 1], rows,
    cpu50: percentile(cpu, 0.5), cpu95: percentile(cpu, 0.95),
  };
}

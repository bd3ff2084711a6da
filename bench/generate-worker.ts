import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { generateRows, type Job, type RefIds } from './generate';

/** Runs in a worker thread so that making fake rows overlaps with inserting them (the database holds the main thread). */
const { jobs, refs, now, maxInFlight } = workerData as { jobs: Job[]; refs: RefIds; now: number; maxInFlight: number };
const port = parentPort!;
// fakeRecord builds the entity's input schema for every row; zod's JIT would compile each of them once and
// throw it away, so this thread (which only makes rows) parses without it: twice as many rows per second.
z.config({ jitless: true });
let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', (m: { type: string }) => {
  if (m.type !== 'ack') return;
  inFlight--;
  wake?.();
  wake = null;
});

async function main() {
  for (const job of jobs) {
    for (const rows of generateRows(job, refs, now)) {
      while (inFlight >= maxInFlight) await new Promise<void>((r) => (wake = r));
      inFlight++;
      port.postMessage({ type: 'batch', name: job.name, rows });
    }
  }
  port.postMessage({ type: 'done' });
}

main().catch((err: unknown) => port.postMessage({ type: 'error', message: err instanceof Error ? err.stack ?? err.message : String(err) }));

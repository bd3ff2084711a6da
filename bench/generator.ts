import { Worker } from 'node:worker_threads';
import type { GeneratedRow, Job, RefIds } from './generate';

export interface Batch { name: string; rows: GeneratedRow[] }

/**
 * Batches of fake rows, made in a worker thread a few batches ahead of the consumer. The worker's
 * TypeScript is loaded through tsx, as the bench itself is.
 */
export async function* generatedBatches(jobs: Job[], refs: RefIds, now: number): AsyncGenerator<Batch> {
  const file = new URL('./generate-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
  const worker = new Worker(boot, { eval: true, workerData: { jobs, refs, now, maxInFlight: 4 } });
  const queue: ({ type: 'batch'; name: string; rows: GeneratedRow[] } | { type: 'done' } | { type: 'error'; message: string })[] = [];
  let wake: (() => void) | null = null;
  const push = (m: (typeof queue)[number]) => { queue.push(m); wake?.(); wake = null; };
  worker.on('message', push);
  worker.on('error', (err) => push({ type: 'error', message: err.stack ?? err.message }));
  worker.on('exit', (code) => { if (code !== 0) push({ type: 'error', message: `the row generator stopped (exit ${code})` }); });
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const m = queue.shift()!;
      if (m.type === 'done') return;
      if (m.type === 'error') throw new Error(`generating rows: ${m.message}`);
      worker.postMessage({ type: 'ack' });
      yield { name: m.name, rows: m.rows };
    }
  } finally {
    await worker.terminate();
  }
}

import type { Server } from 'node:http';
import { httpRequestsInFlight } from './metrics';
import { closeStreams, openStreams } from './streams';

/** The serving process's state as health probes see it (routes/health.ts): `stopping` once a shutdown has begun. */
export interface Lifecycle {
  stopping: boolean;
}

export interface Shutdown {
  server: Server;
  lifecycle: Lifecycle;
  /** How long the requests under way may take to finish before they are ended. */
  graceMs: number;
  /** Background jobs' stops: each ends its timer and waits for (or breaks off) the pass under way. */
  jobs: (() => Promise<void>)[];
  closeDatabase: () => Promise<void>;
  log: (line: string) => void;
}

/**
 * Requests under way as Node sees them: from the request's arrival until its answer is sent or broken off, so an
 * answer streamed after its handler returned (a CSV export, a backup) counts until its last byte.
 */
export function countRequests(server: Server): { now(): number; onChange(listener: () => void): void } {
  let n = 0;
  const listeners: (() => void)[] = [];
  server.on('request', (_req, res) => {
    n++;
    httpRequestsInFlight.inc();
    res.once('close', () => {
      n--;
      httpRequestsInFlight.dec();
      for (const l of listeners) l();
    });
  });
  return { now: () => n, onChange: (l) => listeners.push(l) };
}

/**
 * A graceful stop, in this order: the readiness probe answers 503 at once (a load balancer stops sending requests);
 * the server accepts no new connection and closes the idle kept-alive ones; the requests under way get `graceMs` to
 * finish, an event stream being no request that finishes, so not waited for; then the event streams are closed and
 * whatever still runs is cut off; the background jobs stop (they started stopping at once, each finishing its pass);
 * the database closes last, once nothing can use it.
 */
export async function shutDown(s: Shutdown, requests: ReturnType<typeof countRequests>, signal: string) {
  s.lifecycle.stopping = true;
  const running = () => Math.max(0, requests.now() - openStreams());
  s.log(`${signal}: shutting down: no new connections; ${running()} requests under way, ${openStreams()} event streams open`);
  const closed = new Promise<void>((resolve) => s.server.close(() => resolve()));
  const jobsStopped = Promise.all(s.jobs.map((stop) => stop().catch((err: Error) => s.log(`shutdown: a background job did not stop cleanly: ${err.message}`))));

  const finished = await new Promise<boolean>((resolve) => {
    if (running() === 0) return resolve(true);
    const timer = setTimeout(() => resolve(false), s.graceMs);
    requests.onChange(() => {
      if (running() > 0) return;
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!finished) s.log(`shutdown: ${running()} requests still under way after ${s.graceMs / 1000} s: ending them`);
  closeStreams();
  s.server.closeAllConnections();
  await closed;
  await jobsStopped;
  await s.closeDatabase();
  s.log('shutdown: requests finished, streams and database closed');
}

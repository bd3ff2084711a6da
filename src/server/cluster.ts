import cluster from 'node:cluster';
import type { Config } from './config';

/**
 * WORKERS=N: N console processes on one host, sharing the port (node:cluster hands each connection to one of them).
 * They can only share a PostgreSQL server: everything shared (sessions, sign-in attempts, locks of the workflows,
 * the outbox) lives in the database, never in one process's memory. The embedded database is one process's alone.
 * The primary migrates and seeds once, then starts the workers and starts a new one when one dies.
 */
export function clusterRole(config: Config): 'single' | 'primary' | 'worker' {
  if (cluster.isWorker) return 'worker';
  return config.workers > 1 ? 'primary' : 'single';
}

export function refuseEmbeddedCluster(config: Config): void {
  if (config.workers > 1 && !config.databaseUrl) {
    throw new Error(`WORKERS=${config.workers} needs a PostgreSQL server (DATABASE_URL): the embedded database serves one process only.`);
  }
}

export function startWorkers(config: Config, log: (line: string) => void): void {
  let stopping = false;
  for (let i = 0; i < config.workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log(`Worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    // Each worker finishes its requests first (ops/shutdown.ts): waited for up to its grace, and a margin.
    setTimeout(() => process.exit(0), (config.shutdownGraceSeconds + 30) * 1000).unref();
    cluster.on('exit', () => { if (!Object.keys(cluster.workers ?? {}).length) process.exit(0); });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

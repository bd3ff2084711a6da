import { sql, type QueryExecutorProvider } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What GET /metrics shows (Prometheus text format; the route is metrics-route.ts). One registry per process: with
 * WORKERS=N each process is scraped on its own, or summed by the scraper. Each metric's help says what it counts;
 * docs/operations.md#metrics lists them for operators.
 */
export const registry = new Registry();

const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequestSeconds = new Histogram({
  name: 'console_http_request_duration_seconds',
  help: 'Time from a request to its answer\'s headers, by method, route template (never the address with its ids) and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const httpRequestsInFlight = new Gauge({
  name: 'console_http_requests_in_flight',
  help: 'Requests being answered now, from their arrival to their answer\'s last byte (event streams included)',
  registers: [registry],
});

export const dbStatementSeconds = new Histogram({
  name: 'console_db_statement_duration_seconds',
  help: 'Time a database statement took, by its first keyword (select, insert, update, delete, begin, commit, other)',
  labelNames: ['statement'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const dbWaitSeconds = new Histogram({
  name: 'console_db_wait_seconds',
  help: 'Time waiting for a database connection: on the embedded database (one connection) the time queued behind other statements and transactions, on PostgreSQL the pool\'s wait',
  buckets: SECONDS,
  registers: [registry],
});

export const dbWaiting = new Gauge({
  name: 'console_db_waiting',
  help: 'Statements and transactions waiting for a database connection now',
  registers: [registry],
});

export const eventStreamsOpen = new Gauge({
  name: 'console_event_streams_open',
  help: 'Event streams (server-sent events) open now; streams.ts keeps it',
  registers: [registry],
});

export const outboxMessages = new Gauge({
  name: 'console_outbox_messages',
  help: 'Outbox rows (mail and text messages) by status: queued (the backlog) and failed (given up after every retry); read at each scrape',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const outboxOldestQueuedSeconds = new Gauge({
  name: 'console_outbox_oldest_queued_seconds',
  help: 'Age of the oldest queued outbox message (0 when none): mail, text messages or pushes that are not leaving',
  registers: [registry],
});

export const outboxDeliveryFailures = new Counter({
  name: 'console_outbox_delivery_failures_total',
  help: 'Tries to deliver an outbox message that failed (each is retried later, up to its limit)',
  registers: [registry],
});

export const signInFailures = new Counter({
  name: 'console_sign_in_failures_total',
  help: 'Sign-ins refused for a wrong address or password, or an inactive account',
  registers: [registry],
});

export const limitsHit = new Counter({
  name: 'console_rate_limited_total',
  help: 'Calls refused by a limit (429), by limit: sign_in, signup, forgot, reset, pick (searches of a picker by a user who may not list its entity)',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const backupLastSuccess = new Gauge({
  name: 'console_backup_last_success_timestamp_seconds',
  help: 'When the last scheduled backup was written and checked (Unix time); alert when it grows old',
  registers: [registry],
});

export const backupLastBytes = new Gauge({
  name: 'console_backup_last_size_bytes',
  help: 'Size of the last scheduled backup',
  registers: [registry],
});

export const backupFailures = new Counter({
  name: 'console_backup_failures_total',
  help: 'Scheduled backups that could not be written or failed their check',
  registers: [registry],
});

let defaultsStarted = false;

/** Process and Node.js figures (CPU, memory, event loop lag, GC, handles); started by the serving app, once. */
export function startDefaultMetrics() {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * The outbox's figures, read when scraped: they live in the database, shared by every process. One pass over the
 * outbox table (a row per message ever sent) per scrape.
 */
export async function readOutboxFigures(db: QueryExecutorProvider) {
  const r = (await sql<{ queued: number; failed: number; oldest: number | null }>`
    select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'failed')::int as failed,
      extract(epoch from now() - min(created_at) filter (where status = 'queued'))::float8 as oldest
    from outbox where status in ('queued', 'failed')`.execute(db)).rows[0];
  outboxMessages.set({ status: 'queued' }, Number(r.queued));
  outboxMessages.set({ status: 'failed' }, Number(r.failed));
  outboxOldestQueuedSeconds.set(Math.max(0, Number(r.oldest ?? 0)));
}

/** The first keyword of a statement, as the statement label (a fixed few values: labels stay cheap). */
export function statementKind(text: string): string {
  const word = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  return ['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'savepoint', 'release'].includes(word) ? word : 'other';
}

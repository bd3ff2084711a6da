import type { Dialect, LogEvent } from 'kysely';
import { dbStatementSeconds, dbWaitSeconds, dbWaiting, statementKind } from '../ops/metrics';

/**
 * A dialect whose driver times how long each caller waits for a connection: on the embedded database (one
 * connection) the time queued behind the statements and transactions before it, on PostgreSQL the pool's wait
 * (including opening a new connection). Everything else is the dialect's own.
 */
export function timedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      // Patched in place rather than wrapped: the driver's optional members (savepoints) stay as the dialect made them.
      driver.acquireConnection = async () => {
        const started = performance.now();
        dbWaiting.inc();
        try {
          return await acquire();
        } finally {
          dbWaiting.dec();
          dbWaitSeconds.observe((performance.now() - started) / 1000);
        }
      };
      return driver;
    },
  };
}

/** Kysely's log hook: every statement's duration (errors included), by its first keyword. */
export function timeStatement(event: LogEvent) {
  dbStatementSeconds.observe({ statement: statementKind(event.query.sql) }, event.queryDurationMillis / 1000);
}

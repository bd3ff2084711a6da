import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult, type TransactionSettings,
} from 'kysely';
import { PGlitePrepared } from './pglite-prepared';
import { preparing } from './prepared';
import type { WriteClock } from './write-clock';
import { connectionAsked, connectionGiven } from './turn';

/**
 * Kysely over PGlite. PGlite is one connection, so connections are handed out one at a time: a
 * transaction holds the only connection until it ends, and other queries wait their turn.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly prepared: PGlitePrepared | null;

  constructor(private readonly pg: PGlite, private readonly clock: WriteClock | undefined) {
    this.prepared = preparing() ? new PGlitePrepared(pg) : null;
  }

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    this.clock?.observe(q.sql);
    const res = this.prepared ? await this.prepared.query<R>(q.sql, q.parameters) : await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    const affected = res.affectedRows;
    return { rows: res.rows, numAffectedRows: affected === undefined ? undefined : BigInt(affected) };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  private readonly connection: PGliteConnection;

  constructor(private readonly pg: PGlite, clock: WriteClock | undefined) {
    this.connection = new PGliteConnection(pg, clock);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    connectionAsked();
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((r) => (release = r));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection() {
    const r = this.release;
    this.release = null;
    connectionGiven();
    r?.();
  }

  async destroy() {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  /** `clock` sees every statement's text before it runs (db/write-clock.ts). */
  constructor(private readonly pg: PGlite, private readonly clock?: WriteClock) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver() { return new PGliteDriver(this.pg, this.clock); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
}

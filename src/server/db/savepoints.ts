import {
  CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type QueryResult, type Transaction,
} from 'kysely';
import type { DB } from './connection';

/**
 * A database handle inside an open transaction, for code written against a plain handle (the API's write path
 * opens its own transaction for every record). Its statements run in the outer transaction, and a transaction it
 * opens becomes a savepoint of the outer one: a record that fails rolls back alone, and nothing is committed
 * until the outer transaction is. So the first-start seed of thousands of records is one commit.
 */
export function withSavepoints(tx: Transaction<unknown>): DB {
  return new Kysely({ dialect: new SavepointDialect(tx) });
}

class SavepointDriver implements Driver {
  private depth = 0;
  // One statement or savepoint at a time: the outer transaction is one connection.
  private queue: Promise<void> = Promise.resolve();
  private releaseNext: (() => void) | null = null;
  private readonly connection: DatabaseConnection;

  constructor(tx: Transaction<unknown>) {
    this.connection = {
      executeQuery: <R>(q: CompiledQuery): Promise<QueryResult<R>> => tx.executeQuery(q) as Promise<QueryResult<R>>,
      // eslint-disable-next-line require-yield
      async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('streaming is not supported inside a savepoint');
      },
    };
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((r) => (release = r));
    await previous;
    this.releaseNext = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection) {
    this.depth++;
    await conn.executeQuery(CompiledQuery.raw(`savepoint nested_${this.depth}`));
  }

  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint nested_${this.depth}`));
    this.depth--;
  }

  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint nested_${this.depth}`));
    await conn.executeQuery(CompiledQuery.raw(`release savepoint nested_${this.depth}`));
    this.depth--;
  }

  async releaseConnection() {
    const r = this.releaseNext;
    this.releaseNext = null;
    r?.();
  }

  async destroy() {}
}

class SavepointDialect implements Dialect {
  constructor(private readonly tx: Transaction<unknown>) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver() { return new SavepointDriver(this.tx); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
}

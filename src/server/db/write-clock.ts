import type { DB } from './connection';

/** A statement that only reads: a SELECT (or SHOW, EXPLAIN) that names no writing verb (`for update` counts as one). */
const READS = /^\s*(?:select|show|explain)\b/i;
const WRITING_VERB = /\b(?:insert|update|delete|truncate|merge|alter|drop|create)\b/i;

/** How many statements that may have written to a set of tables the database has run so far. */
export class Watch {
  ticks = 0;
  constructor(readonly names: RegExp) {}
}

/**
 * The embedded database's writes, as this process sends them: it is the database's only client (its folder is
 * locked to one process, and WORKERS needs PostgreSQL), so a value read from it stays true until this process
 * writes to the tables it came from. A watch on some tables ticks at every statement that is not a plain read and
 * names one of them; a cached value tagged with the tick it was read at is stale once the tick has moved. It
 * ticks too often (a write rolled back, a column of the same name), never too seldom: every statement passes here.
 * A PostgreSQL server has other clients, so it has no clock and nothing is cached.
 */
export class WriteClock {
  private readonly watches: Watch[] = [];

  watch(tables: readonly string[]): Watch {
    const watch = new Watch(new RegExp(`\\b(?:${tables.join('|')})\\b`, 'i'));
    this.watches.push(watch);
    return watch;
  }

  /** Called with every statement's text before it runs. */
  observe(sql: string): void {
    if (READS.test(sql) && !WRITING_VERB.test(sql)) return;
    for (const watch of this.watches) if (watch.names.test(sql)) watch.ticks++;
  }
}

const clocks = new WeakMap<DB, WriteClock>();

export function attachWriteClock(db: DB, clock: WriteClock): void {
  clocks.set(db, clock);
}

/** The clock of a database this process alone writes to, or null (a PostgreSQL server, a transaction's handle). */
export function writeClockOf(db: DB): WriteClock | null {
  return clocks.get(db) ?? null;
}

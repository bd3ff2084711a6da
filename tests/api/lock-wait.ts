import { sql } from 'kysely';
import type { DB } from '../../src/server/db/connection';

/**
 * Until a statement of another session that starts with `statement` waits on a lock (PostgreSQL): the second of two
 * writers has met the rows the first holds. Polled: the wait begins when that session gets there, whenever that is.
 */
export async function untilWaitingOnLock(db: DB, statement: string): Promise<void> {
  for (;;) {
    const waiting = await sql`select 1 from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like ${`${statement}%`}`.execute(db);
    if (waiting.rows.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

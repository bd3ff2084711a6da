import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Every date and moment of a list is filterable by a period (registry/entity.ts filterKeys), and every filter key is
 * indexed: the two that were neither sorted nor filtered get theirs. The text is frozen here, as every migration's.
 */
export async function up(db: DB): Promise<void> {
  await sql`create index "doctor__date_of_birth__ix" on "doctor" ("date_of_birth", id)`.execute(db);
  await sql`create index "invoice__voided_at__ix" on "invoice" ("voided_at", id)`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The last number given, per prefix and year, for records the server numbers itself (an appointment made by booking a
 * slot: APT-2026-000123). One row per prefix and year, moved by an upsert whose row lock puts concurrent writers in
 * turn: two bookings at once never get the same number, and no count of a year's records is needed to find the next.
 * A row is started from the highest number already stored (crud/numbering.ts).
 */
export async function up(db: DB): Promise<void> {
  await sql`create table number_counter (prefix text not null, year integer not null, last integer not null, primary key (prefix, year))`.execute(db);
}

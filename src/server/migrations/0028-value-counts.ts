import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * How many records of an entity hold each value of each of its counted fields (its enum fields a list filters by):
 * a list filtered by one such value reads its total here instead of counting up to RECORD_COUNT_CAP records
 * (search/value-counts.ts). Statement triggers on each entity's table keep it in the transaction of every write;
 * they are generated from the registry at start (ensureValueCounts), which records in `value_count_source` what each
 * entity's triggers count, so that a field added or dropped later is seen, its triggers reinstalled and its counts
 * refilled. Values are kept as text; nulls are not counted (no filter matches them).
 */
export async function up(db: DB): Promise<void> {
  await sql`create table value_count (
    entity text not null, field text not null, value text not null, n bigint not null,
    primary key (entity, field, value))`.execute(db);
  await sql`create table value_count_source (entity text primary key, source text not null)`.execute(db);
}

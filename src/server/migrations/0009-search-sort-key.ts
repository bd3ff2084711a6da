import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The record's value of its entity's default sort on each search row, and an index that reads one entity's search
 * rows in that order (search/sort-key.ts): the list search box walks it for a common term's first page. Text keys
 * and numeric ones (numbers, dates and times as epoch seconds) have a column each, so each sorts as its source
 * column does; an entity uses one, the other stays null, so one index serves both. `search_sort_key` records what
 * each entity's keys were made from: the keys are filled, and their triggers installed, at start from the registry
 * (ensureSortKeys), which also sees a default sort changed later.
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table search_index add column sort_text text, add column sort_num numeric`.execute(db);
  await sql`create index search_index__sort__ix on search_index (entity, sort_text, sort_num, record_id)`.execute(db);
  await sql`create table search_sort_key (entity text primary key, source text not null)`.execute(db);
}

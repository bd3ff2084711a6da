import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The list search box's first page for a term of one or two letters walks an entity's search rows in list order
 * (search/reads.ts) and checks whether a word of each starts with the term. Read from the table, each row is a
 * page of its own (in list order the rows lie all over it): ~1.1 µs a row the first time at 1.2M records, and a walk
 * of 20,000 rows read 20,000 pages. The words' first two letters (`word_starts`: " ma go +9", generated from the text,
 * so no writer keeps it) ride in the list-order index, and such a walk reads the index alone: ~0.4 µs a row, ~11
 * pages a thousand rows. Past 1,000 bytes (a long text of short words) it is null and the walk checks the text. The
 * index replaces 0009's, which it serves the same. The table is rewritten: ~7 minutes at 6.4M search rows (the bench's
 * data), then vacuumed (`rewrites`, migrations/migrate.ts).
 */
export const rewrites = ['search_index'];

export async function up(db: DB): Promise<void> {
  await sql`create function search_word_starts(doc text) returns text language sql immutable strict parallel safe
    as $$ select case when octet_length(s) <= 1000 then s end from (select ' ' || regexp_replace(doc, '([^ ]{2})[^ ]+', '\\1', 'g') as s) x $$`.execute(db);
  await sql`alter table search_index add column word_starts text generated always as (search_word_starts(doc)) stored`.execute(db);
  await sql`create index search_index__sort_starts__ix on search_index (entity, sort_text, sort_num, record_id) include (word_starts)`.execute(db);
  await sql`drop index search_index__sort__ix`.execute(db);
}

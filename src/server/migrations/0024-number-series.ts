import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * A number typed from its start with its year (`apt-2026-`, `apt-2026-0001`) names a range of numbers, but the
 * trigram index answers it by reading every record whose text has `apt`, `202`, `026`: in proportion to the table.
 * Two indexes let a picker read it as a range instead (search/number-prefix.ts):
 *
 * - each numbered table's records by their number's series (letters and year, `apt-2026-`) in the list's default
 *   order: the first page of a year's numbers is the start of one range;
 * - the search rows whose text names a number of their own kind (`apt-`) anywhere but in copies of their own number:
 *   with those few known, every other record's text holds such a term only at its own number's start, which the
 *   titles' index (0012) finds as a range. The predicate counts the kind's occurrences in the text against the own
 *   number's (each followed by a blank, so that a term without one cannot run past it).
 */
export async function up(db: DB): Promise<void> {
  await sql`create function search_number_mentioned(title text, doc text) returns boolean language sql immutable parallel safe as $$
    select title ~ '^[A-Za-z]+-[0-9]{4}-'
      and (length(doc || ' ') - length(replace(doc || ' ', lower(substring(title from '^[A-Za-z]+-')), ''))) / length(substring(title from '^[A-Za-z]+-'))
        > (length(doc || ' ') - length(replace(doc || ' ', lower(title) || ' ', ''))) / length(lower(title) || ' ')
  $$`.execute(db);
  await sql`create index search_index__number_mentions__ix on search_index (entity, record_id) where search_number_mentioned(title, doc)`.execute(db);
  for (const [table, order] of [['appointment', 'scheduled_at'], ['payment', 'initiated_at'], ['invoice', 'issued_at'], ['fmc_test', 'performed_at']]) {
    await sql.raw(`create index ${table}__number_series__ix on ${table} ((lower(substring("number" from '^[A-Za-z]+-[0-9]{4}-'))), ${order}, id)`).execute(db);
  }
}

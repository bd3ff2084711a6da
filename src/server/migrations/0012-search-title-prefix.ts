import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The search rows in the order of their titles, lower-cased and compared by code point (the "C" collation), for the
 * palette's search across entities (search/palette.ts titlesStarting): the records whose title starts with what is typed
 * are a range of it. Through the trigram index, a term whose trigrams are in millions of rows (an appointment's number
 * typed from its start: "apt", "202", "025") read them all, 84–256 ms a keystroke at 2M appointments. ~7 s and ~210 MB
 * at 6.4M search rows.
 */
export async function up(db: DB): Promise<void> {
  await sql`create index search_index__title_prefix__ix on search_index ((lower(title) collate "C"))`.execute(db);
}

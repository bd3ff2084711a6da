import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * What each entity's search texts were made from (search/search-text-upkeep.ts): the references whose titles and
 * phones they hold. Filled at start from the registry (ensureSearchTexts), which rewrites the texts of an entity whose
 * recorded source differs, this first time every entity with references, so that records written before are found by
 * the people and places they are about too.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table search_text_source (entity text primary key, source text not null)`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The entries of one import or one bulk action (their `changes` carry `import: <id>` or `bulk: <id>`, crud/write.ts),
 * found by that id: the activity log opens an import's entry to its rows (routes/fmc-logs.ts) without walking the log.
 * Partial, so the many entries of neither add nothing to them.
 */
export async function up(db: DB): Promise<void> {
  await sql`create index audit_log__import__ix on audit_log (((changes ->> 'import')::int), at, id) where changes ? 'import'`.execute(db);
  await sql`create index audit_log__bulk__ix on audit_log (((changes ->> 'bulk')::int), at, id) where changes ? 'bulk'`.execute(db);
}

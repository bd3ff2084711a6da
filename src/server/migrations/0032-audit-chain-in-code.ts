import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The audit chain's digests are computed by the console's own code from here on (audit/audit-digest.ts), by the writer
 * and by `npm run audit:verify` alike. 0015 computed them in a function stored in the database, which the check called
 * too: whoever could change a row could also replace that function, and the check then passed over the changed row
 * with the same head hash. The function and the trigger that called it are dropped, so that nothing in the database
 * takes part in making or checking a digest; the rows 0015 chained keep their hashes (the digest is the same).
 * Update, delete and truncate stay refused (0015's triggers).
 */
export async function up(db: DB): Promise<void> {
  await sql`drop trigger audit_log__chain on audit_log`.execute(db);
  await sql`drop function audit_chain()`.execute(db);
  await sql`drop function audit_row_digest(text, audit_log)`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Reminders reach people without an e-mail address by text message (issue 19 §3). Text messages go through the same
 * outbox as mail, so that queueing in the request's transaction, delivery outside it, retries and the audit stay one
 * path: each row says its channel. Every row before this one was mail.
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table outbox add column channel text not null default 'mail' constraint outbox__channel__ck check (channel in ('mail', 'sms'))`.execute(db);
}

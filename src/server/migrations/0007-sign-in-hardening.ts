import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Sign-in and reset under attack (issue 9, item 3).
 * - sign_in_address: the addresses an account signed in from (auth/rate-limit.ts): from these the owner is not held
 *   by the account's delay that attempts from elsewhere set off.
 * - outbox: the request only writes a row; the sender in the server process (mail.ts) delivers it, retrying with a
 *   delay, and marks it. A `password_reset` row carries only the address typed: the sender makes the link, so a reset
 *   link is never stored in clear.
 * Rows written before this release keep their history (sent, else `logged`: they were printed to the server log);
 * their bodies may hold reset links in clear, so the links are blanked and every outstanding reset link is ended.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table sign_in_address (
    email text not null,
    address text not null,
    last_at timestamptz not null default now(),
    primary key (email, address)
  )`.execute(db);
  await sql`alter table outbox
    add column kind text not null default 'message',
    add column status text not null default 'queued',
    add column tries integer not null default 0,
    add column next_try_at timestamptz not null default now(),
    add column delivered_via text,
    add column last_error text`.execute(db);
  await sql`update outbox set status = case when sent_at is null then 'logged' else 'sent' end,
    body = regexp_replace(body, '/reset-password/[A-Za-z0-9_-]+', '/reset-password/(link withheld)', 'g')`.execute(db);
  await sql`update password_reset set used_at = now() where used_at is null`.execute(db);
  await sql`create index outbox__due__ix on outbox (next_try_at) where status = 'queued'`.execute(db);
}

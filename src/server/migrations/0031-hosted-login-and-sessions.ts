import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Hosted login (OpenID Connect) and sessions that say how they began.
 *
 * - `hosted_identity`: the provider's person (issuer + subject) a staff account is linked to. Made on the first hosted
 *   sign-in that matched the account by a verified e-mail address; after that the link alone finds the account, so a
 *   changed address at the provider does not move the sign-in to someone else. One link per account and issuer. A table
 *   of its own, not columns of admin_user: the account's table holds exactly the registry's fields (schema.test.ts).
 * - `hosted_login_flow`: a sign-in under way at the provider (state, nonce, PKCE verifier, the page to return to), in
 *   the database so that whichever process receives the provider's answer can finish it. Only the state's hash is
 *   kept; a row is claimed once (a replay finds nothing) and lives minutes.
 * - `session.method` (how it was proven: `password`, `hosted`; more to come), `address` (where it signed in from),
 *   `end_reason` and `end_note` (why it ended, told to its holder at next use), `provider_id_token` (the provider's ID
 *   token, the hint its end-session endpoint asks for at sign-out).
 */
export async function up(db: DB): Promise<void> {
  await sql`create table hosted_identity (
    issuer text not null,
    subject text not null,
    user_id integer not null constraint hosted_identity__user__fk references admin_user(id) on delete cascade,
    linked_at timestamptz not null default now(),
    primary key (issuer, subject),
    constraint hosted_identity__user_issuer__uq unique (user_id, issuer)
  )`.execute(db);
  await sql`create table hosted_login_flow (
    state_hash text primary key,
    nonce text not null,
    code_verifier text not null,
    return_to text not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index hosted_login_flow__expires__ix on hosted_login_flow (expires_at)`.execute(db);
  await sql`alter table session
    add column method text not null default 'password',
    add column address text,
    add column end_reason text,
    add column end_note text,
    add column provider_id_token text`.execute(db);
  // The sessions that may still be live, by when they were last used: "who is signed in" reads only these.
  await sql`create index session__live__ix on session (last_seen_at) where revoked_at is null`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Second factors (auth/mfa/): one-time codes, recovery codes, passkeys, and the sign-in's second step.
 *
 * - `mfa_totp`: a person's authenticator-app key. `confirmed_at` null while enrolling (the key shown, no code typed
 *   yet); `last_step` is the time step of the last code taken, so a code is refused once used.
 * - `mfa_recovery_code`: ten a confirmation, only their hashes; `used_at` once one is spent.
 * - `webauthn_credential`: a passkey or security key (its id, public key and signature counter), named by its owner.
 * - `mfa_challenge`: a sign-in between its first step and its second (or a passkey enrolment under way), in the
 *   database so that whichever process gets the second step can finish it; only the token's hash is kept, a row is
 *   claimed once and lives minutes.
 * - `session.factor`: the second factor the session was proven with (`code`, `recovery`, `passkey`, `provider`), null
 *   for none.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table mfa_totp (
    user_id integer primary key constraint mfa_totp__user__fk references admin_user(id) on delete cascade,
    secret text not null,
    confirmed_at timestamptz,
    last_step bigint,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table mfa_recovery_code (
    id serial primary key,
    user_id integer not null constraint mfa_recovery_code__user__fk references admin_user(id) on delete cascade,
    code_hash text not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index mfa_recovery_code__user__ix on mfa_recovery_code (user_id)`.execute(db);
  await sql`create table webauthn_credential (
    id text primary key,
    user_id integer not null constraint webauthn_credential__user__fk references admin_user(id) on delete cascade,
    public_key text not null,
    counter bigint not null default 0,
    transports text[] not null default '{}',
    name text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`.execute(db);
  await sql`create index webauthn_credential__user__ix on webauthn_credential (user_id)`.execute(db);
  await sql`create table mfa_challenge (
    token_hash text primary key,
    user_id integer not null constraint mfa_challenge__user__fk references admin_user(id) on delete cascade,
    purpose text not null,
    method text not null,
    provider_id_token text,
    webauthn_challenge text,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index mfa_challenge__expires__ix on mfa_challenge (expires_at)`.execute(db);
  await sql`alter table session add column factor text`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * `session.proved_at`: when the session's person last proved who they are, at the sign-in and at each step-up since
 * (auth/step-up.ts). The dangerous actions ask for one within STEP_UP_MINUTES. Sessions of before count from their
 * sign-in.
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table session add column proved_at timestamptz`.execute(db);
  await sql`update session set proved_at = created_at`.execute(db);
  await sql`alter table session alter column proved_at set default now(), alter column proved_at set not null`.execute(db);
}

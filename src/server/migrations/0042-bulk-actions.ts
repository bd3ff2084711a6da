import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * `bulk_action`: one "Set field…" or "Delete…" on many records (crud/bulk.ts), the unit its Undo takes back. `results`
 * holds each record's outcome, appended in the same transaction as the batch that wrote it, so after a crash it says
 * exactly which records were changed; a set keeps each record's value before and its version after, for the undo to
 * put back only what nobody changed since.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table bulk_action (
    id serial primary key,
    entity text not null,
    op text not null check (op in ('set', 'delete')),
    field text,
    value jsonb,
    created_by integer references admin_user(id) on delete set null,
    created_at timestamptz not null default now(),
    state text not null default 'done' check (state in ('done', 'undone')),
    results jsonb not null default '[]'::jsonb
  )`.execute(db);
}

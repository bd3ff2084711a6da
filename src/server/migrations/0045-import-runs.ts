import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * `import_run`: one import of a file (import/routes.ts). Its counts move in the same transaction as each batch it
 * wrote, so after a stop or a crash they say exactly what is in the tables; `results` keeps each failed row's message
 * for the downloadable result, `file` the file itself (the result is the file with an "error" column).
 */
export async function up(db: DB): Promise<void> {
  await sql`create table import_run (
    id serial primary key,
    entity text not null,
    created_by integer references admin_user(id) on delete set null,
    created_at timestamptz not null default now(),
    state text not null default 'running' check (state in ('running', 'stopping', 'stopped', 'done', 'interrupted', 'undone')),
    total integer not null,
    done_rows integer not null default 0,
    added integer not null default 0,
    updated integer not null default 0,
    skipped integer not null default 0,
    failed integer not null default 0,
    added_ids integer[] not null default '{}',
    errors jsonb not null default '[]'::jsonb,
    content_type text not null,
    file bytea not null,
    mapping jsonb not null default '{}'::jsonb
  )`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * What undoing a move needs (crud/transition-undo.ts), kept on the move's own status_history row: `move` (the
 * transition's name), `version` (the record's version the move produced: what the undo call names), `before` (the
 * values, by field name, that the move overwrote: the status and every field it set or was given). An undo writes a row
 * of its own whose `undoes` is the id of the move's row, so a move is undone at most once. Rows written before this
 * migration, and the demo data's story, have no `move`: they are history, never undone.
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table status_history
    add column move text,
    add column version integer,
    add column before jsonb,
    add column undoes bigint constraint status_history__undoes__fk references status_history(id)`.execute(db);
  // One undo per move, kept by the database even when two undo calls race on a PostgreSQL server.
  await sql`create unique index status_history__undoes__uq on status_history (undoes) where undoes is not null`.execute(db);
}

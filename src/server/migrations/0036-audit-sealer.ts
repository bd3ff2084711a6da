import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Audit rows are appended unchained and sealed afterwards (audit/audit-seal.ts): a request no longer takes the chain's
 * advisory lock, so audited reads of all processes stop waiting for each other until commit (issue 35).
 *
 * - `seq`, `prev_hash`, `hash` may be empty: a row is written without them and the sealer fills all three.
 * - An index of the rows that wait, so that the sealer's turn, and the count `npm run audit:verify` gives, read
 *   only them.
 * - The append-only trigger (0015) lets one update through: the seal of an unsealed row, filling its three chain
 *   columns and changing nothing else. Every other update, a second seal, a delete and a truncate are refused as
 *   before. The trigger keeps its name, and computes no digest (0032: the code alone makes and checks them).
 */
export async function up(db: DB): Promise<void> {
  await sql`alter table audit_log alter column seq drop not null, alter column prev_hash drop not null, alter column hash drop not null`.execute(db);
  await sql`create index audit_log__unsealed__ix on audit_log (id) where hash is null`.execute(db);
  await sql`create function audit_seal_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.seq is null and old.prev_hash is null and old.hash is null
        and new.seq is not null and new.prev_hash is not null and new.hash is not null
        and (new.id, new.at, new.actor_id, new.entity, new.record_id, new.action, new.changes, new.address, new.fmc, new.record_ids, new.patients)
          is not distinct from (old.id, old.at, old.actor_id, old.entity, old.record_id, old.action, old.changes, old.address, old.fmc, old.record_ids, old.patients)
      then return new; end if;
      raise exception 'audit_log is append-only: rows are never changed or deleted, only sealed once' using errcode = 'insufficient_privilege';
    end $$`.execute(db);
  await sql`drop trigger audit_log__no_update on audit_log`.execute(db);
  await sql`create trigger audit_log__no_update before update or delete on audit_log for each row execute function audit_seal_only()`.execute(db);
}

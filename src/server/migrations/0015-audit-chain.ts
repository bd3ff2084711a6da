import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The audit log as a regulator reads it (HIPAA 164.312(b)): append-only and tamper-evident, and answering "who read or
 * changed this patient's data" from one index.
 *
 * - `record_ids`: the records one entry is about when it is about many (a page of a list, a picker's answer).
 * - `patients`: the patients whose data the entry touches (a patient read, an appointment of theirs edited): the
 *   access report's index.
 * - `seq`, `prev_hash`, `hash`: a chain. Each row's hash is SHA-256 of the row before's hash and the row's own content
 *   (audit_row_digest), given in a BEFORE INSERT trigger under a transaction-wide advisory lock, so that rows written
 *   at once by several processes still form one line in the order `seq` gives them. `npm run audit:verify` walks it.
 * - Update, delete and truncate of audit_log are refused by triggers: no code path changes a row once written.
 *
 * Existing rows are chained in id order (a large log takes a while: one row at a time).
 */
export const rewrites = ['audit_log'];

/** The advisory lock that puts audit rows in one line ('audt' in ASCII). */
export const AUDIT_CHAIN_LOCK = 0x61756474;

export async function up(db: DB): Promise<void> {
  await sql`alter table audit_log add column record_ids integer[], add column patients integer[],
    add column seq bigint, add column prev_hash text, add column hash text`.execute(db);
  // The content a row's hash covers, every column but the chain's own, in a fixed text form (jsonb's text is canonical;
  // the instant in microseconds since the epoch, whatever the session's time zone).
  await sql`create function audit_row_digest(prev text, r audit_log) returns text language sql immutable as $$
    select encode(sha256(convert_to(concat_ws('|', coalesce(prev, ''), r.seq::text,
      (extract(epoch from r.at) * 1000000)::bigint::text, coalesce(r.actor_id::text, ''), r.entity, coalesce(r.record_id::text, ''),
      r.action, coalesce(r.changes::text, ''), coalesce(r.address, ''), coalesce(r.fmc::text, ''),
      coalesce(r.record_ids::text, ''), coalesce(r.patients::text, '')), 'UTF8')), 'hex') $$`.execute(db);
  // Patients read or changed before this migration: the patient records' own entries.
  await sql`update audit_log set patients = array[record_id] where entity = 'patients' and record_id is not null`.execute(db);
  await sql.raw(`do $$ declare r audit_log; prev text := null; n bigint := 0; begin
      for r in select * from audit_log order by id loop
        n := n + 1;
        r.seq := n;
        update audit_log set seq = n, prev_hash = coalesce(prev, ''), hash = audit_row_digest(prev, r) where id = r.id returning hash into prev;
      end loop;
    end $$`).execute(db);
  await sql`alter table audit_log alter column seq set not null, alter column hash set not null, alter column prev_hash set not null`.execute(db);
  await sql`create unique index audit_log__seq__ix on audit_log (seq)`.execute(db);
  await sql`create index audit_log__patients__ix on audit_log using gin (patients)`.execute(db);

  await sql.raw(`create function audit_chain() returns trigger language plpgsql as $$
    declare last audit_log;
    begin
      perform pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK});
      select * into last from audit_log order by seq desc limit 1;
      new.seq := coalesce(last.seq, 0) + 1;
      new.prev_hash := coalesce(last.hash, '');
      new.hash := audit_row_digest(last.hash, new);
      return new;
    end $$`).execute(db);
  await sql`create trigger audit_log__chain before insert on audit_log for each row execute function audit_chain()`.execute(db);
  await sql`create function audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_log is append-only: rows are never changed or deleted' using errcode = 'insufficient_privilege'; end $$`.execute(db);
  await sql`create trigger audit_log__no_update before update or delete on audit_log for each row execute function audit_append_only()`.execute(db);
  await sql`create trigger audit_log__no_truncate before truncate on audit_log for each statement execute function audit_append_only()`.execute(db);
}

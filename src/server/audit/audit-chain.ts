import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { auditRowDigest, intArrayText } from './audit-digest';

/** The advisory lock that puts audit rows in one line across processes ('audt' in ASCII; 0015 took the same). */
export const AUDIT_CHAIN_LOCK = 0x61756474;

/** One row of the audit log as its writers (audit/audit.ts) make it. */
export interface AuditRow {
  /** When it happened, an ISO instant, for a story written afterwards (the demo data); absent: the transaction's now(). */
  at?: string | null;
  actorId: number | null;
  entity: string;
  recordId: number | null;
  recordIds?: readonly number[] | null;
  action: string;
  changes: Record<string, unknown> | null;
  address: string | null;
  fmc: number | null;
  patients: readonly number[] | null;
}

/**
 * Appends rows to the chain, in order: each gets the next `seq`, the hash of the row before as `prev_hash`, and its
 * digest (audit/audit-digest.ts) as `hash`. Under a transaction-wide advisory lock, so that rows written at once by
 * several processes still form one line; the lock is held until the transaction ends, as the rows are only then seen.
 *
 * The digest reads the row as the database will hold it: `at` in microseconds and `changes` in jsonb's text form,
 * asked of the database in the statement that reads the chain's head (never computed here from a JavaScript value:
 * jsonb writes numbers and orders keys its own way). Three statements, after the lock: the head must be read by a
 * statement that starts once the lock is held, so that it sees what the transaction before committed.
 */
export async function appendAuditRows(db: DB, rows: readonly AuditRow[]): Promise<void> {
  if (!rows.length) return;
  if (!db.isTransaction) {
    await db.transaction().execute((tx) => appendAuditRows(tx, rows));
    return;
  }
  const given = JSON.stringify(rows.map((r) => ({ at: r.at ?? undefined, changes: r.changes ?? undefined })));
  await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(db);
  const { rows: [read] } = await sql<{ seq: string | null; hash: string | null; micros: string[]; changes: (string | null)[] }>`
    with head as (select seq, hash from audit_log order by seq desc limit 1),
    given as (select v, i from jsonb_array_elements(${given}::jsonb) with ordinality g(v, i))
    select (select seq::text from head) as seq, (select hash from head) as hash,
      array(select (extract(epoch from coalesce((v ->> 'at')::timestamptz, now())) * 1000000)::bigint::text from given order by i) as micros,
      array(select (v -> 'changes')::text from given order by i) as changes`.execute(db);
  let seq = BigInt(read.seq ?? 0);
  let prev = read.hash ?? '';
  const chained = rows.map((r, i) => {
    seq += 1n;
    const content = {
      seq: seq.toString(), atMicros: read.micros[i], actorId: r.actorId === null ? null : String(r.actorId), entity: r.entity,
      recordId: r.recordId === null ? null : String(r.recordId), action: r.action, changes: read.changes[i], address: r.address,
      fmc: r.fmc === null ? null : String(r.fmc), recordIds: intArrayText(r.recordIds), patients: intArrayText(r.patients),
    };
    const hash = auditRowDigest(prev, content);
    const row = { ...content, at: r.at ?? undefined, changes: r.changes ?? undefined, prev, hash };
    prev = hash;
    return row;
  });
  await sql`insert into audit_log (seq, prev_hash, hash, at, actor_id, entity, record_id, record_ids, action, changes, address, fmc, patients)
    select (v ->> 'seq')::bigint, v ->> 'prev', v ->> 'hash', coalesce((v ->> 'at')::timestamptz, now()), (v ->> 'actorId')::int,
      v ->> 'entity', (v ->> 'recordId')::int, (v ->> 'recordIds')::int[], v ->> 'action', v -> 'changes', v ->> 'address',
      (v ->> 'fmc')::int, (v ->> 'patients')::int[]
    from jsonb_array_elements(${JSON.stringify(chained)}::jsonb) g(v)`.execute(db);
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { intArrayText } from './audit-digest';

/**
 * The advisory lock that puts audit rows in one line across processes ('audt' in ASCII; 0015 took the same). Only
 * the sealer (audit/audit-seal.ts) takes it now, never a request.
 */
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
 * Appends rows to the log, unchained, in one statement and in order (their ids go up in the order given). No lock:
 * the request's transaction waits for nobody's. Their seq, prev_hash and hash are left empty; the sealer
 * (audit/audit-seal.ts) chains them in id order within about a second, and whatever it has not sealed yet a start, a
 * backup or `npm run audit:verify` counts as waiting. A row rolled back with its transaction was never written;
 * one committed is sealed by whichever process seals next, even if the one that wrote it stops at once.
 */
export async function appendAuditRows(db: DB, rows: readonly AuditRow[]): Promise<void> {
  if (!rows.length) return;
  const given = JSON.stringify(rows.map((r) => ({
    at: r.at ?? undefined, actorId: r.actorId, entity: r.entity, recordId: r.recordId, recordIds: intArrayText(r.recordIds),
    action: r.action, changes: r.changes ?? undefined, address: r.address, fmc: r.fmc, patients: intArrayText(r.patients),
  })));
  await sql`insert into audit_log (at, actor_id, entity, record_id, record_ids, action, changes, address, fmc, patients)
    select coalesce((v ->> 'at')::timestamptz, now()), (v ->> 'actorId')::int, v ->> 'entity', (v ->> 'recordId')::int,
      (v ->> 'recordIds')::int[], v ->> 'action', v -> 'changes', v ->> 'address', (v ->> 'fmc')::int, (v ->> 'patients')::int[]
    from jsonb_array_elements(${given}::jsonb) with ordinality g(v, i) order by i`.execute(db);
}

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
 *
 * Outside a transaction (a read's entry: a list page, a record opened, a search) the rows join those other requests
 * are appending at the same moment, and all go in one insert, one commit (groupAppend): the caller still waits for
 * its commit, so no answer leaves before its entry is in the log.
 */
export async function appendAuditRows(db: DB, rows: readonly AuditRow[]): Promise<void> {
  if (!rows.length) return;
  if (db.isTransaction) return insertRows(db, rows);
  return groupAppend(db, rows);
}

async function insertRows(db: DB, rows: readonly AuditRow[]): Promise<void> {
  const given = JSON.stringify(rows.map((r) => ({
    at: r.at ?? undefined, actorId: r.actorId, entity: r.entity, recordId: r.recordId, recordIds: intArrayText(r.recordIds),
    action: r.action, changes: r.changes ?? undefined, address: r.address, fmc: r.fmc, patients: intArrayText(r.patients),
  })));
  await sql`insert into audit_log (at, actor_id, entity, record_id, record_ids, action, changes, address, fmc, patients)
    select coalesce((v ->> 'at')::timestamptz, now()), (v ->> 'actorId')::int, v ->> 'entity', (v ->> 'recordId')::int,
      (v ->> 'recordIds')::int[], v ->> 'action', v -> 'changes', v ->> 'address', (v ->> 'fmc')::int, (v ->> 'patients')::int[]
    from jsonb_array_elements(${given}::jsonb) with ordinality g(v, i) order by i`.execute(db);
}

interface Waiting { rows: readonly AuditRow[]; done: () => void; failed: (err: unknown) => void }
interface Group { waiting: Waiting[]; gathering: boolean }
const groups = new WeakMap<DB, Group>();

/**
 * Group commit for the entries of reads. On the embedded database every commit is a flush to the disk (PGLITE_FSYNC)
 * and every statement waits for the one connection: an insert a read, at fifty readers at once, was fifty flushes in
 * the one queue every request waits in (issue 35 §1, bench/load-figures.md). Here an append waits for the connection
 * as before, and whatever rows arrived meanwhile go in with it; rows that arrive while it runs wait for the next.
 * Should the common insert fail, each caller's rows are tried on their own, so that one caller's failure is its own.
 */
function groupAppend(db: DB, rows: readonly AuditRow[]): Promise<void> {
  let group = groups.get(db);
  if (!group) groups.set(db, (group = { waiting: [], gathering: false }));
  const g = group;
  return new Promise<void>((done, failed) => {
    g.waiting.push({ rows, done, failed });
    if (g.gathering) return;
    g.gathering = true;
    let took = false;
    void db.connection().execute(async (conn) => {
      // The connection is ours: whoever queued rows while it was awaited goes in this insert.
      took = true;
      g.gathering = false;
      const batch = g.waiting.splice(0);
      try {
        await insertRows(conn, batch.flatMap((w) => w.rows));
        for (const w of batch) w.done();
      } catch {
        for (const w of batch) await insertRows(conn, w.rows).then(w.done, w.failed);
      }
    }).catch((err: unknown) => {
      // The connection itself could not be had: the callers gathered for it hear so (once it was had, each has heard).
      if (took) return;
      g.gathering = false;
      for (const w of g.waiting.splice(0)) w.failed(err);
    });
  });
}

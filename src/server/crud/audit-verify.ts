import { sql } from 'kysely';
import type { DB } from '../db/connection';

export interface ChainReport {
  /** Rows walked. */
  rows: number;
  /** The last row's hash: note it elsewhere, and a later walk that ends on it proves nothing before it was rewritten. */
  head: string | null;
  /** The first row that does not hold: its seq and id, and why. */
  broken?: { seq: number; id: number | null; why: string };
}

/** Rows read a statement while walking: a large log is walked in steps, never held whole. */
const STEP = 10_000;

/**
 * Walks the audit log's chain in `seq` order (migration 0015): each row's hash must be the digest of the row before's
 * hash and its own content, its prev_hash that hash, and seq must go up by one. The first row that fails is named:
 * a row changed since it was written, a row taken out (a gap, or a prev_hash that is not the hash before), or a row
 * slipped in.
 */
export async function verifyAuditChain(db: DB, progress: (rows: number) => void = () => {}): Promise<ChainReport> {
  let prev = { seq: 0, hash: '' };
  let rows = 0;
  type Row = { seq: string; id: string; hash: string; prev_hash: string; ok: boolean };
  for (;;) {
    const after: number = prev.seq;
    const batch: Row[] = (await sql<Row>`
      select seq, id, hash, prev_hash, audit_row_digest(prev_hash, a) = hash as ok from audit_log a
      where seq > ${after} order by seq limit ${STEP}`.execute(db)).rows;
    for (const r of batch) {
      const seq = Number(r.seq);
      const at = { seq, id: Number(r.id) };
      const head = prev.hash || null;
      if (seq !== prev.seq + 1) return { rows, head, broken: { ...at, why: `seq ${seq} follows ${prev.seq}: rows are missing before it` } };
      if (r.prev_hash !== prev.hash) return { rows, head, broken: { ...at, why: 'its prev_hash is not the hash of the row before: a row before it was changed, removed or added' } };
      if (!r.ok) return { rows, head, broken: { ...at, why: 'its content does not give its hash: the row was changed after it was written' } };
      prev = { seq, hash: r.hash };
      rows++;
    }
    progress(rows);
    if (batch.length < STEP) return { rows, head: prev.hash || null };
  }
}

import { createHash } from 'node:crypto';

/**
 * One audit row's content as its digest reads it: every column but the chain's own, each in PostgreSQL's text form
 * (null for SQL null). `atMicros`: the instant in microseconds since the epoch, whatever the session's time zone;
 * `changes`: jsonb's text, which is canonical (keys in one order, one spacing); the arrays as `{1,2}`.
 */
export interface AuditRowContent {
  seq: string;
  atMicros: string;
  actorId: string | null;
  entity: string;
  recordId: string | null;
  action: string;
  changes: string | null;
  address: string | null;
  fmc: string | null;
  recordIds: string | null;
  patients: string | null;
}

/**
 * The chain's one digest: SHA-256 of the row before's hash and this row's content, joined by `|`. The writer
 * (audit/audit-chain.ts) and the check (audit/audit-verify.ts) both call this, and nothing else makes a digest: the
 * check never asks the database it checks to compute one. The same digest 0015's database function computed, so rows
 * chained before this code took over still hold.
 */
export function auditRowDigest(prevHash: string, row: AuditRowContent): string {
  const parts = [prevHash, row.seq, row.atMicros, row.actorId ?? '', row.entity, row.recordId ?? '', row.action,
    row.changes ?? '', row.address ?? '', row.fmc ?? '', row.recordIds ?? '', row.patients ?? ''];
  return createHash('sha256').update(parts.join('|'), 'utf8').digest('hex');
}

/** An int[] in PostgreSQL's text form, as the digest reads it. */
export const intArrayText = (ids: readonly number[] | null | undefined): string | null => (ids ? `{${ids.join(',')}}` : null);

const TIMESTAMP_TEXT = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/;

/**
 * A timestamptz's text (DateStyle ISO: `2026-11-28 21:38:33.362123+00`) as microseconds since the epoch, exactly, in
 * the digest's form; null for a text of another shape. Read here rather than by the database's arithmetic, so that
 * the check computes it with nothing of the database's.
 */
export function microsOfTimestampText(text: string): string | null {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac = '', sign, oh, om = '0', os = '0'] = m;
  const offset = (sign === '-' ? -1 : 1) * (Number(oh) * 3600 + Number(om) * 60 + Number(os));
  const seconds = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000 - offset;
  return (BigInt(seconds) * 1_000_000n + BigInt(frac.padEnd(6, '0'))).toString();
}

/** An audit row's content columns as read in their text forms (audit/audit-verify.ts's storedRowText). */
export interface StoredAuditRow {
  at: string; actor_id: string | null; entity: string; record_id: string | null; action: string; changes: string | null;
  address: string | null; fmc: string | null; record_ids: string | null; patients: string | null;
}

/** The digest's content of a row as stored, at `seq`; null when its time has a text of another shape. */
export function contentOfStored(seq: string, r: StoredAuditRow): AuditRowContent | null {
  const atMicros = microsOfTimestampText(r.at);
  return atMicros === null ? null : {
    seq, atMicros, actorId: r.actor_id, entity: r.entity, recordId: r.record_id, action: r.action,
    changes: r.changes, address: r.address, fmc: r.fmc, recordIds: r.record_ids, patients: r.patients,
  };
}

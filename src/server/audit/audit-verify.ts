import { sql } from 'kysely';
import type { DB } from '../db/connection';
import type { Anchor } from './audit-anchors';
import { auditRowDigest, contentOfStored, type StoredAuditRow } from './audit-digest';

export interface ChainReport {
  /** Sealed rows walked. */
  rows: number;
  /** Rows written but not sealed yet (audit/audit-seal.ts): not in the chain, so not checked; a sealer chains them soon. */
  unsealed: number;
  /** The last row's hash: note it elsewhere, and a later walk that ends on it proves nothing before it was rewritten. */
  head: string | null;
  /** The anchors (audit/audit-anchors.ts) the chain was held to, and those a restore set aside. */
  anchors: { checked: number; setAside: number; restores: Anchor[] };
  /** The first row that does not hold: its seq and id (null: a row that is not there), and why. */
  broken?: { seq: number; id: number | null; why: string };
}

/** Rows read a statement while walking: a large log is walked in steps, never held whole. */
const STEP = 10_000;

/**
 * The anchors to hold the chain to, in the order they were written: a `restore` anchor sets aside the anchors before
 * it of rows past its own seq (the history after the backup, which the restore went back from). The rest must all
 * hold, each the hash the chain has at its seq.
 */
export function anchorsToCheck(anchors: readonly Anchor[]): { bySeq: Map<number, Anchor[]>; setAside: number; restores: Anchor[] } {
  let kept: Anchor[] = [];
  const restores: Anchor[] = [];
  let setAside = 0;
  for (const a of anchors) {
    if (a.reason === 'restore') {
      restores.push(a);
      const before = kept.length;
      kept = kept.filter((k) => k.seq <= a.seq);
      setAside += before - kept.length;
    }
    kept.push(a);
  }
  const bySeq = new Map<number, Anchor[]>();
  for (const a of kept) bySeq.set(a.seq, [...(bySeq.get(a.seq) ?? []), a]);
  return { bySeq, setAside, restores };
}

const anchorName = (a: Anchor) => `the anchor of ${a.at} (line ${a.line}, ${a.reason})`;

interface Row extends StoredAuditRow { seq: string; id: string; prev_hash: string; hash: string }

/**
 * A row's content columns in their text forms, which only the types' own output gives: run in a transaction that
 * set UTC and ISO dates (readInUtc), so that the time reads the same whatever the session's settings. The sealer
 * (audit/audit-seal.ts) reads rows the same way, so the digest it writes is the one this check computes.
 */
export const storedRowText = sql`a.at::text as at, a.actor_id::text as actor_id, a.entity, a.record_id::text as record_id, a.action,
  a.changes::text as changes, a.address, a.fmc::text as fmc, a.record_ids::text as record_ids, a.patients::text as patients`;

/** The transaction's time zone UTC and its dates ISO, set by the catalogue's own function (see verifyAuditChain). */
export const readInUtc = (tx: DB) =>
  sql`select pg_catalog.set_config('timezone', 'UTC', true), pg_catalog.set_config('datestyle', 'ISO, YMD', true)`.execute(tx);

/**
 * Walks the audit log's chain (its sealed rows) in `seq` order, and counts the rows that wait for the sealer: each row's hash must be the digest of the row before's hash and its own
 * content, computed here (audit/audit-digest.ts, the writer's own function), its prev_hash that hash, and seq must go
 * up by one; at each anchor's seq, the hash must be the anchored one, and no anchor may lie past the log's end. The
 * first row that fails is named: a row changed since it was written, a row taken out (a gap, or a prev_hash that is
 * not the hash before), a row slipped in, or, past the last anchor that holds, rows rewritten with their hashes
 * computed again.
 *
 * Nothing of the database's own takes part: no function or operator that a user of the database could make or
 * replace is called (an operator of another schema with a closer match of types would win over PostgreSQL's own,
 * whatever the search path). The columns are read through a cursor in their text forms, which only the types' own
 * output gives, the time in UTC, and the digest and the instant's arithmetic are computed here.
 */
export async function verifyAuditChain(db: DB, opts: { anchors?: readonly Anchor[]; progress?: (rows: number) => void } = {}): Promise<ChainReport> {
  const { bySeq, setAside, restores } = anchorsToCheck(opts.anchors ?? []);
  const anchorsReport = { checked: [...bySeq.values()].reduce((n, list) => n + list.length, 0), setAside, restores };
  return db.transaction().execute(async (tx) => {
    await readInUtc(tx);
    // Counted first: a row sealed during the walk is then counted as waiting, never left out of both.
    const unsealed = Number((await sql<{ n: string }>`select count(*)::text as n from audit_log a where a.hash is null`.execute(tx)).rows[0].n);
    await sql`declare audit_walk no scroll cursor for
      select a.seq::text as seq, a.id::text as id, a.prev_hash, a.hash, ${storedRowText}
      from audit_log a where a.seq is not null order by a.seq`.execute(tx);
    let prev = { seq: 0, hash: '' };
    let rows = 0;
    /** The last anchor that held: rows up to it are as they were when it was written. */
    let held: Anchor | null = null;
    for (;;) {
      const batch: Row[] = (await sql<Row>`fetch ${sql.raw(String(STEP))} from audit_walk`.execute(tx)).rows;
      for (const r of batch) {
        const seq = Number(r.seq);
        const at = { seq, id: Number(r.id) };
        const head = prev.hash || null;
        const broken = (why: string) => ({ rows, unsealed, head, anchors: anchorsReport, broken: { ...at, why } });
        if (seq !== prev.seq + 1) return broken(`seq ${seq} follows ${prev.seq}: rows are missing before it`);
        if (r.prev_hash !== prev.hash) return broken('its prev_hash is not the hash of the row before: a row before it was changed, removed or added');
        const content = contentOfStored(r.seq, r);
        const digest = content && auditRowDigest(prev.hash, content);
        if (digest !== r.hash) return broken('its content does not give its hash: the row was changed after it was written');
        for (const a of bySeq.get(seq) ?? []) {
          if (a.hash !== r.hash) {
            const since = held ? `after seq ${held.seq}, where ${anchorName(held)} holds` : 'from its first row on';
            return broken(`its hash is not the one ${anchorName(a)} wrote: the log was rewritten ${since}, with its hashes computed again`);
          }
          held = a;
        }
        prev = { seq, hash: r.hash };
        rows++;
      }
      opts.progress?.(rows);
      if (batch.length < STEP) break;
    }
    const beyond = [...bySeq.keys()].filter((s) => s > prev.seq).sort((a, b) => a - b)[0];
    if (beyond !== undefined) {
      const a = bySeq.get(beyond)![0];
      return { rows, unsealed, head: prev.hash || null, anchors: anchorsReport, broken: { seq: prev.seq + 1, id: null, why: `the log ends at seq ${prev.seq}, but ${anchorName(a)} names seq ${a.seq}: rows after seq ${prev.seq} were taken out` } };
    }
    return { rows, unsealed, head: prev.hash || null, anchors: anchorsReport };
  });
}

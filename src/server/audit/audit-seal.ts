import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { AUDIT_CHAIN_LOCK } from './audit-chain';
import { auditRowDigest, contentOfStored, type StoredAuditRow } from './audit-digest';
import { readInUtc, storedRowText } from './audit-verify';

/**
 * The sealer: chains the rows requests appended unchained (audit/audit-chain.ts), in id order, giving each the next
 * `seq`, the hash of the row before as `prev_hash`, and its digest (audit/audit-digest.ts) as `hash`. The requests
 * never wait for each other to chain a row (issue 35: a lock held to commit by every audited read made all processes
 * and hosts read patient data one commit at a time); only the sealer takes the chain's advisory lock, for as long as
 * one batch takes.
 *
 * One sealer at a time, whatever the number of processes or hosts: every process ticks (startAuditSealer), and the
 * one whose transaction holds AUDIT_CHAIN_LOCK seals; the others find it taken and skip their turn. The head is read
 * by a statement that starts once the lock is held, so it is the one the last sealer committed, and the unique index
 * on seq refuses a fork all the same. A process that dies after its request committed loses nothing: its rows wait
 * unsealed for the next sealer. The digest is of the row as stored, read in its text forms as the check reads it.
 *
 * Migration 0036 lets an update fill the three chain columns of a row that has none, and nothing else.
 */

/** Rows sealed a transaction: the lock is held for one batch, never for a long backlog (a seed, a restore). */
export const SEAL_BATCH = 500;

/** How often each process looks for rows to seal: a row is chained within about this long of its commit. */
export const SEAL_EVERY_MS = 1000;

/**
 * Seals up to `limit` of the oldest unsealed rows in one transaction (or in the one given). `wait`: wait for the lock if another sealer
 * holds it (a backup, a test); otherwise give up the turn. Returns the rows sealed, or null when the turn was given up.
 */
export async function sealBatch(db: DB, opts: { wait?: boolean; limit?: number } = {}): Promise<number | null> {
  const limit = opts.limit ?? SEAL_BATCH;
  // In a transaction given (a test holding the lock meanwhile), in it: the lock and the rows are then its until it ends.
  const inTransaction = (body: (tx: DB) => Promise<number | null>) => (db.isTransaction ? body(db) : db.transaction().execute(body));
  return inTransaction(async (tx) => {
    if (opts.wait) await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`.execute(tx);
    else if (!(await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${AUDIT_CHAIN_LOCK}) as got`.execute(tx)).rows[0].got) return null;
    await readInUtc(tx);
    const rows = (await sql<StoredAuditRow & { id: string }>`select a.id::text as id, ${storedRowText}
      from audit_log a where a.hash is null order by a.id limit ${limit}`.execute(tx)).rows;
    if (!rows.length) return 0;
    const head = (await sql<{ seq: string; hash: string }>`select a.seq::text as seq, a.hash from audit_log a
      where a.seq is not null order by a.seq desc limit 1`.execute(tx)).rows[0];
    let seq = BigInt(head?.seq ?? 0);
    let prev = head?.hash ?? '';
    const sealed = rows.map((r) => {
      seq += 1n;
      const content = contentOfStored(seq.toString(), r);
      if (!content) throw new Error(`audit row ${r.id}: its time ${r.at} is not in the form the digest reads`);
      const hash = auditRowDigest(prev, content);
      const row = { id: r.id, seq: content.seq, prev, hash };
      prev = hash;
      return row;
    });
    const done = await sql`update audit_log a set seq = (v ->> 'seq')::bigint, prev_hash = v ->> 'prev', hash = v ->> 'hash'
      from jsonb_array_elements(${JSON.stringify(sealed)}::jsonb) g(v) where a.id = (v ->> 'id')::bigint and a.hash is null`.execute(tx);
    if (Number(done.numAffectedRows) !== sealed.length) throw new Error('audit rows changed while they were sealed: the batch is left for the next turn');
    return sealed.length;
  });
}

/** Seals every row waiting (in batches), waiting for another sealer's batch if need be: before a backup, in tests. */
export async function sealAuditLog(db: DB): Promise<number> {
  let total = 0;
  for (;;) {
    const n = (await sealBatch(db, { wait: true })) ?? 0;
    total += n;
    if (n < SEAL_BATCH) return total;
  }
}

/** Rows written and not sealed yet, by the index of such rows (0036). */
export async function unsealedCount(db: DB): Promise<number> {
  return Number((await sql<{ n: string }>`select count(*)::text as n from audit_log a where a.hash is null`.execute(db)).rows[0].n);
}

/**
 * Every `everyMs` this process takes a turn at sealing (while batches come full, at once again); a turn another
 * process holds the lock for is skipped. stop() waits for the turn under way and takes a last one, so that rows this
 * process wrote are sealed before its last anchor (main.ts stops this before the anchoring).
 */
export function startAuditSealer(db: DB, opts: { everyMs?: number; log?: (line: string) => void } = {}): { stop: () => Promise<void>; wake: () => void } {
  const log = opts.log ?? (() => {});
  let stopped = false;
  let current: Promise<void> | null = null;
  let failing = false;
  const turn = async () => {
    try {
      while ((await sealBatch(db)) === SEAL_BATCH) { /* a full batch: there may be more */ }
      if (failing) log('[audit] the sealer seals again');
      failing = false;
    } catch (err) {
      // Said once, not every second while the database is away; the rows wait, nothing is lost.
      if (!failing) log(`[audit] the sealer could not seal: ${(err as Error).message}`);
      failing = true;
    }
  };
  const pass = () => {
    if (stopped || current) return;
    current = turn().finally(() => { current = null; });
  };
  const timer = setInterval(pass, opts.everyMs ?? SEAL_EVERY_MS);
  timer.unref();
  pass();
  return {
    wake: pass,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await current;
      await turn();
    },
  };
}

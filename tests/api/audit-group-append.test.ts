import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { appendAuditRows, type AuditRow } from '../../src/server/audit/audit-chain';
import { setupApi } from './harness';

/**
 * Reads' entries appended at the same moment share one insert and one commit (audit-chain.ts, groupAppend: issue 35
 * §1), and each caller still waits for its own rows to be committed, and hears its own failure only.
 */
const api = setupApi({ roles: ['admin'] });

const row = (action: string, recordId: number): AuditRow => ({
  actorId: api.userIds.admin, entity: 'patients', recordId, action, changes: null, address: null, fmc: null, patients: [recordId],
});

/** The transactions that wrote the rows of `action`: one per commit (xmin is the id of the transaction that wrote a row). */
async function commitsOf(action: string) {
  const rows = (await sql<{ record_id: number; tx: string }>`select record_id, xmin::text as tx from audit_log where action = ${action} order by id`.execute(api.db)).rows;
  return { ids: rows.map((r) => r.record_id), commits: new Set(rows.map((r) => r.tx)).size };
}

describe('read entries appended together', () => {
  test('twenty callers at once: every row committed when its caller hears so, in fewer commits than rows, in order', async () => {
    const action = `read_group_${Date.now()}`;
    const ids = Array.from({ length: 20 }, (_, i) => 1000 + i);
    await Promise.all(ids.map(async (id) => {
      await appendAuditRows(api.db, [row(action, id)]);
      // Committed by the time the caller is told: a read's answer never leaves before its entry.
      const seen = await sql<{ n: number }>`select count(*)::int as n from audit_log where action = ${action} and record_id = ${id}`.execute(api.db);
      expect(seen.rows[0].n).toBe(1);
    }));
    const { ids: written, commits } = await commitsOf(action);
    expect(written).toEqual(ids);
    expect(commits).toBeLessThan(ids.length);
  });

  test('a caller whose row the log refuses hears it; the others are written', async () => {
    const action = `read_group_bad_${Date.now()}`;
    const refused = { ...row(action, 1), entity: null } as unknown as AuditRow;
    const results = await Promise.allSettled([
      appendAuditRows(api.db, [row(action, 1)]), appendAuditRows(api.db, [refused]), appendAuditRows(api.db, [row(action, 2), row(action, 3)]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await commitsOf(action)).ids).toEqual([1, 2, 3]);
  });

  test('inside a transaction, rows are the transaction\'s: rolled back with it', async () => {
    const action = `read_group_tx_${Date.now()}`;
    await expect(api.db.transaction().execute(async (tx) => {
      await appendAuditRows(tx, [row(action, 7)]);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect((await commitsOf(action)).ids).toEqual([]);
  });
});

import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { writeEntries, type Entry } from '../../src/server/audit/audit';
import { chainHead } from '../../src/server/audit/audit-anchors';
import { SEAL_BATCH, sealAuditLog, sealBatch, startAuditSealer, unsealedCount } from '../../src/server/audit/audit-seal';
import { verifyAuditChain } from '../../src/server/audit/audit-verify';
import { openDatabase } from '../../src/server/db/connection';
import { setupApi } from './harness';
import { untilWaitingOnLock } from './lock-wait';

/**
 * Audit that does not queue (issue 35, section 2): requests append audit rows unchained, and one sealer at a time
 * chains them in id order. Nothing is lost, the order is kept, the chain never forks, and the check names a row
 * changed after its seal and counts the rows that wait. On PostgreSQL (`npm run test:pg`) the writers and sealers
 * below are separate connections at once; on the embedded database they take turns on its one connection.
 */
const api = setupApi({ roles: ['admin'] });
/** Known before the harness opens the database (a test's runIf is read when the file is collected). */
const pg = () => Boolean(process.env.TEST_DATABASE_URL);

const entry = (note: string): Entry => ({ actor: { id: api.userIds.admin, address: 'seal test' }, entity: 'speciality', recordId: 1, action: 'update', changes: { note } });

/** The rows the test wrote, by their note, in chain order, with their chain columns. */
const sealedNotes = async (prefix: string) => (await sql<{ note: string; seq: string | null }>`select changes ->> 'note' as note, seq::text as seq
  from audit_log where address = 'seal test' and changes ->> 'note' like ${`${prefix}%`} order by audit_log.seq, audit_log.id`.execute(api.db)).rows;

/** Every sealed row's seq is the one before + 1, from 1: no gap, no fork. */
async function expectOneLine() {
  const { rows: [r] } = await sql<{ n: string; max: string; distinct: string }>`select count(*)::text as n, max(seq)::text as max, count(distinct seq)::text as distinct
    from audit_log where seq is not null`.execute(api.db);
  expect([r.max, r.distinct]).toEqual([r.n, r.n]);
  const report = await verifyAuditChain(api.db);
  expect(report.broken).toBeUndefined();
  return report;
}

describe('requests append, the sealer chains', () => {
  test('an entry is written unchained, counted as waiting, and sealed in order after the head', async () => {
    await sealAuditLog(api.db);
    const head = (await chainHead(api.db))!;
    await writeEntries(api.db, [entry('order a'), entry('order b')]);
    await writeEntries(api.db, [entry('order c')]);
    expect((await sealedNotes('order')).map((r) => r.seq)).toEqual([null, null, null]);
    expect(await unsealedCount(api.db)).toBe(3);
    const before = await verifyAuditChain(api.db);
    expect([before.unsealed, before.head]).toEqual([3, head.hash]);
    expect(await sealAuditLog(api.db)).toBe(3);
    expect(await sealedNotes('order')).toEqual([
      { note: 'order a', seq: String(head.seq + 1) }, { note: 'order b', seq: String(head.seq + 2) }, { note: 'order c', seq: String(head.seq + 3) }]);
    expect((await expectOneLine()).unsealed).toBe(0);
    expect(await sealAuditLog(api.db)).toBe(0);
  });

  test('appenders on two connections at once, then one seal: one unbroken chain holding every row, each writer\'s in its order', async () => {
    const writer = (name: string) => api.db.transaction().execute(async (tx) => {
      for (let i = 0; i < 20; i++) await writeEntries(tx, [entry(`two ${name} ${String(i).padStart(2, '0')}`)]);
    });
    await api.insert(getEntity('patients'));
    await sealAuditLog(api.db);
    const reads = () => api.call('admin', 'GET', '/api/patients?limit=3');
    await Promise.all([writer('x'), writer('y'), reads(), reads(), reads()]);
    // The 40 rows of the writers, and one for each read of patient data.
    expect(await unsealedCount(api.db)).toBe(43);
    await sealAuditLog(api.db);
    const rows = await sealedNotes('two ');
    expect(rows).toHaveLength(40);
    for (const name of ['x', 'y']) {
      const mine = rows.filter((r) => r.note.startsWith(`two ${name}`)).map((r) => r.note);
      expect(mine).toEqual([...mine].sort());
    }
    expect((await expectOneLine()).unsealed).toBe(0);
  });

  test.runIf(pg())('a request\'s audit row waits for no other transaction\'s (PostgreSQL)', async () => {
    // A transaction that wrote an audit row and has not committed: before the sealer, it held the chain's lock, and
    // every audited read of every process waited for it.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const open = api.db.transaction().execute(async (tx) => {
      await writeEntries(tx, [entry('held open')]);
      await held;
    });
    try {
      const read = await api.call('admin', 'GET', '/api/patients?limit=3');
      expect(read.status).toBe(200);
    } finally {
      release();
      await open;
    }
  });

  test('a row appended by a process that stopped before its seal is sealed by the next sealer', async () => {
    const other = pg() ? await openDatabase({ url: api.config.databaseUrl }) : undefined;
    try {
      await writeEntries(other?.db ?? api.db, [entry('orphan')]);
    } finally {
      await other?.close();
    }
    expect((await sealedNotes('orphan'))[0].seq).toBeNull();
    const sealer = startAuditSealer(api.db, { everyMs: 60_000 });
    await sealer.stop();
    expect((await sealedNotes('orphan'))[0].seq).not.toBeNull();
    await expectOneLine();
  });
});

describe('one sealer at a time', () => {
  test('two sealers at once do not fork the chain: the second waits, then continues from the head the first left', async () => {
    await writeEntries(api.db, Array.from({ length: SEAL_BATCH + 250 }, (_, i) => entry(`fork ${String(i).padStart(4, '0')}`)));
    let second: Promise<number> | undefined;
    let skipped: number | null | undefined;
    await api.db.transaction().execute(async (tx) => {
      expect(await sealBatch(tx, { wait: true, limit: 200 })).toBe(200);
      second = sealAuditLog(api.db);
      if (pg()) {
        // The other sealer is at the lock, and a process's tick finds it taken and gives up its turn.
        await untilWaitingOnLock(api.db, 'select pg_advisory_xact_lock');
        skipped = await sealBatch(api.db);
      }
    });
    expect(await second).toBe(SEAL_BATCH + 50);
    if (pg()) expect(skipped).toBeNull();
    const rows = await sealedNotes('fork ');
    expect(rows.map((r) => r.note)).toEqual(rows.map((r) => r.note).sort());
    expect(rows.every((r) => r.seq !== null)).toBe(true);
    await expectOneLine();
  });

  test('two processes\' sealers ticking at once seal everything once', async () => {
    await writeEntries(api.db, Array.from({ length: 120 }, (_, i) => entry(`tick ${String(i).padStart(3, '0')}`)));
    const other = pg() ? await openDatabase({ url: api.config.databaseUrl }) : undefined;
    const a = startAuditSealer(api.db, { everyMs: 60_000 });
    const b = startAuditSealer(other?.db ?? api.db, { everyMs: 60_000 });
    await Promise.all([a.stop(), b.stop()]);
    await other?.close();
    expect(await unsealedCount(api.db)).toBe(0);
    expect((await sealedNotes('tick ')).map((r) => r.note)).toEqual(Array.from({ length: 120 }, (_, i) => `tick ${String(i).padStart(3, '0')}`));
    await expectOneLine();
  });
});

describe('the database lets a seal through, and nothing else', () => {
  test('a sealed row is not sealed again; an unsealed row\'s content does not change with its seal', async () => {
    await sealAuditLog(api.db);
    const head = (await chainHead(api.db))!;
    await expect(sql`update audit_log set seq = seq + 1000000, hash = 'x', prev_hash = 'y' where seq = ${head.seq}`.execute(api.db)).rejects.toThrow(/append-only/);
    await writeEntries(api.db, [entry('content kept')]);
    await expect(sql`update audit_log set seq = ${head.seq + 1}, prev_hash = 'p', hash = 'h', action = 'forged' where hash is null`.execute(api.db)).rejects.toThrow(/append-only/);
    await expect(sql`update audit_log set action = 'forged' where hash is null`.execute(api.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where hash is null`.execute(api.db)).rejects.toThrow(/append-only/);
    expect(await sealAuditLog(api.db)).toBe(1);
    await expectOneLine();
  });

  // Last in the file: it breaks the chain on purpose, with the triggers turned off as only a database owner could.
  test('a sealed row tampered with is named, with the rows that wait still counted', async () => {
    await writeEntries(api.db, [entry('tamper target'), entry('tamper next')]);
    await sealAuditLog(api.db);
    await writeEntries(api.db, [entry('tamper waiting')]);
    const { rows: [target] } = await sql<{ id: string; seq: string }>`select id::text, seq::text from audit_log where changes ->> 'note' = 'tamper target'`.execute(api.db);
    await sql`alter table audit_log disable trigger audit_log__no_update`.execute(api.db);
    try {
      await sql`update audit_log set changes = '{"note": "nothing to see"}' where id = ${Number(target.id)}`.execute(api.db);
      const report = await verifyAuditChain(api.db);
      expect(report.broken).toEqual({ seq: Number(target.seq), id: Number(target.id), why: expect.stringContaining('changed after it was written') });
      expect(report.unsealed).toBe(1);
    } finally {
      await sql`update audit_log set changes = '{"note": "tamper target"}' where id = ${Number(target.id)}`.execute(api.db);
      await sql`alter table audit_log enable trigger audit_log__no_update`.execute(api.db);
    }
    expect((await verifyAuditChain(api.db)).broken).toBeUndefined();
  });
});

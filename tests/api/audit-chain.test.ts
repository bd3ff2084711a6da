import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { writeEntries } from '../../src/server/audit/audit';
import { anchorHead, appendAnchor, chainHead, readAnchors, startAnchoring, type Anchor } from '../../src/server/audit/audit-anchors';
import { auditRowDigest, microsOfTimestampText } from '../../src/server/audit/audit-digest';
import { anchorsToCheck, verifyAuditChain } from '../../src/server/audit/audit-verify';
import { sealAuditLog } from '../../src/server/audit/audit-seal';
import { setupApi } from './harness';

/**
 * A trail nobody rewrites quietly (issue 34, section 5): the check recomputes every digest in the console's code, so a
 * function of the database replaced to vouch for a changed row fools it no more; and the chain's head, anchored
 * outside the database, shows a log rewritten with its hashes computed again, or cut short. The attacker here has
 * the database owner's powers: the append-only triggers turned off, functions made and replaced.
 */
const api = setupApi({ roles: ['admin'] });
const dir = mkdtempSync(path.join(tmpdir(), 'console-anchors-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const anchorFile = () => path.join(dir, `anchors-${++files}.log`);

/** Real entries: specialities added through the API, then sealed as a console's sealer would within a second. */
async function write(n: number) {
  for (let i = 0; i < n; i++) expect((await api.call('admin', 'POST', '/api/specialist', { name: `Chain ${files} ${i} ${Math.random()}` })).status).toBe(201);
  await sealAuditLog(api.db);
}

const lastRows = async (n: number) => (await sql<{ id: number; seq: number }>`select id, seq from audit_log order by seq desc limit ${n}`.execute(api.db)).rows.reverse();

/**
 * Tampers with the log from `fromSeq` on, as its owner could, and then puts every row back as it was: the rows are
 * kept in a table of their own meanwhile, and whatever `tamper` made (a function, a setting) is dropped by `undo`.
 */
async function tampering(fromSeq: number, tamper: () => Promise<void>, undo: () => Promise<void> = async () => {}) {
  await sql`create table audit_log_kept as select * from audit_log where seq >= ${fromSeq}`.execute(api.db);
  await sql`alter table audit_log disable trigger audit_log__no_update`.execute(api.db);
  try {
    await tamper();
  } finally {
    await undo();
    await sql`delete from audit_log where seq >= ${fromSeq}`.execute(api.db);
    await sql`insert into audit_log select * from audit_log_kept`.execute(api.db);
    await sql`drop table audit_log_kept`.execute(api.db);
    await sql`alter table audit_log enable trigger audit_log__no_update`.execute(api.db);
  }
  expect((await verifyAuditChain(api.db)).broken).toBeUndefined();
}

/** Computes every row's hash again from `fromSeq` on, as someone who knows the digest would after changing a row. */
async function rechain(fromSeq: number) {
  const rows = (await sql<Record<string, string | null>>`select id::text, seq::text, (extract(epoch from at) * 1000000)::bigint::text as micros, actor_id::text, entity, record_id::text, action, changes::text,
    address, fmc::text, record_ids::text, patients::text, prev_hash from audit_log where seq >= ${fromSeq} order by seq`.execute(api.db)).rows;
  let prev = rows[0].prev_hash!;
  for (const r of rows) {
    const hash = auditRowDigest(prev, {
      seq: r.seq!, atMicros: r.micros!,
      actorId: r.actor_id, entity: r.entity!, recordId: r.record_id, action: r.action!, changes: r.changes, address: r.address, fmc: r.fmc, recordIds: r.record_ids, patients: r.patients,
    });
    await sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where id = ${Number(r.id)}`.execute(api.db);
    prev = hash;
  }
}

describe('the check recomputes every digest itself', () => {
  test('a row rewritten, and the database\'s digest function replaced to vouch for it: the row is named', async () => {
    await write(3);
    const [target] = await lastRows(2);
    await tampering(target.seq, async () => {
      await sql`update audit_log set changes = '{"name": {"from": "Cardiology", "to": "Forged"}}', at = at - interval '1 day' where id = ${target.id}`.execute(api.db);
      // 0015's function, as someone who can change the rows can replace it: it now answers each row's stored hash.
      await sql`create function audit_row_digest(prev text, r audit_log) returns text language sql immutable as $$ select r.hash $$`.execute(api.db);
      // The check as it was (each row's digest asked of that function) finds nothing wrong.
      const old = await sql<{ ok: boolean }>`select bool_and(audit_row_digest(prev_hash, a) = hash) as ok from audit_log a`.execute(api.db);
      expect(old.rows[0].ok).toBe(true);
      expect((await verifyAuditChain(api.db)).broken).toEqual({ seq: Number(target.seq), id: Number(target.id), why: expect.stringContaining('changed after it was written') });
    }, async () => { await sql`drop function if exists audit_row_digest(text, audit_log)`.execute(api.db); });
  });

  test('the database keeps no function that makes or checks a digest, and no trigger of the chain', async () => {
    const functions = await sql<{ name: string }>`select proname as name from pg_proc where proname like 'audit%'`.execute(api.db);
    expect(functions.rows.map((r) => r.name).sort()).toEqual(['audit_append_only', 'audit_seal_only']);
    const triggers = await sql<{ name: string }>`select tgname as name from pg_trigger where tgrelid = 'audit_log'::regclass and not tgisinternal`.execute(api.db);
    expect(triggers.rows.map((r) => r.name).sort()).toEqual(['audit_log__no_truncate', 'audit_log__no_update']);
  });

  test('the digest is 0015\'s: rows chained by the database\'s function before still hold', async () => {
    // 0015's function, made again under another name, gives every row's stored hash: the same digest.
    await sql`create function test_0015_digest(prev text, r audit_log) returns text language sql immutable as $$
      select encode(sha256(convert_to(concat_ws('|', coalesce(prev, ''), r.seq::text,
        (extract(epoch from r.at) * 1000000)::bigint::text, coalesce(r.actor_id::text, ''), r.entity, coalesce(r.record_id::text, ''),
        r.action, coalesce(r.changes::text, ''), coalesce(r.address, ''), coalesce(r.fmc::text, ''),
        coalesce(r.record_ids::text, ''), coalesce(r.patients::text, '')), 'UTF8')), 'hex') $$`.execute(api.db);
    try {
      await writeEntries(api.db, [
        { actor: { id: api.userIds.admin, address: '10.0.0.7' }, entity: 'speciality', recordId: 7, action: 'update', patients: [9, 3],
          changes: { note: { from: 'ü "quoted" \\ \u0001', to: 'देवनागरी' }, fee: 1.5, big: 1e21, tiny: 1e-7, list: [1, 'a', null], z: true, a: false } },
        { actor: { id: null }, entity: 'speciality', action: 'create', at: '1969-12-31T23:59:59.500Z' },
      ]);
      await sealAuditLog(api.db);
      const wrong = await sql<{ n: number }>`select count(*)::int as n from audit_log where test_0015_digest(prev_hash, audit_log) <> hash`.execute(api.db);
      expect(wrong.rows[0].n).toBe(0);
      expect((await verifyAuditChain(api.db)).broken).toBeUndefined();
    } finally {
      await sql`drop function test_0015_digest(text, audit_log)`.execute(api.db);
    }
  });

  test('the instant is read in any session time zone', async () => {
    expect(microsOfTimestampText('2026-11-28 21:38:33.362123+00')).toBe('1795901913362123');
    expect(microsOfTimestampText('2026-11-29 03:08:33.362123+05:30')).toBe('1795901913362123');
    expect(microsOfTimestampText('1969-12-31 23:59:59.5+00')).toBe('-500000');
    expect(microsOfTimestampText('infinity')).toBeNull();
  });
});

describe('anchors: the head outside the database', () => {
  test('a log rewritten from a row on with every hash computed again: the first anchor after it says where', async () => {
    const file = anchorFile();
    await write(2);
    const before = (await chainHead(api.db))!;
    appendAnchor(file, before, 'timer');
    await write(3);
    const after = (await chainHead(api.db))!;
    appendAnchor(file, after, 'timer');
    const [target] = await lastRows(2);
    await tampering(target.seq, async () => {
      await sql`update audit_log set actor_id = null where id = ${target.id}`.execute(api.db);
      await rechain(target.seq);
      // Without anchors the chain holds: nothing inside the database tells.
      expect((await verifyAuditChain(api.db)).broken).toBeUndefined();
      const report = await verifyAuditChain(api.db, { anchors: readAnchors(file)!.anchors });
      expect(report.broken).toMatchObject({ seq: after.seq, why: expect.stringContaining(`rewritten after seq ${before.seq}`) });
    });
  });

  test('the last rows taken out: the anchor past the end names them', async () => {
    const file = anchorFile();
    await write(2);
    const head = (await chainHead(api.db))!;
    appendAnchor(file, head, 'stop');
    await tampering(head.seq - 1, async () => {
      await sql`delete from audit_log where seq >= ${head.seq - 1}`.execute(api.db);
      expect((await verifyAuditChain(api.db)).broken).toBeUndefined();
      expect((await verifyAuditChain(api.db, { anchors: readAnchors(file)!.anchors })).broken).toEqual({
        seq: head.seq - 1, id: null, why: expect.stringContaining(`the log ends at seq ${head.seq - 2}`),
      });
    });
  });

  test('a restore sets aside the anchors of rows past its point, and the chain must meet it', () => {
    const a = (seq: number, reason: Anchor['reason'], line: number, hash = 'a'.repeat(64)): Anchor => ({ at: '2026-11-28T10:00:00.000Z', seq, hash, reason, line });
    const { bySeq, setAside, restores } = anchorsToCheck([a(10, 'timer', 1), a(20, 'backup', 2), a(35, 'timer', 3), a(40, 'stop', 4), a(20, 'restore', 5), a(25, 'timer', 6)]);
    expect(setAside).toBe(2);
    expect(restores.map((r) => r.line)).toEqual([5]);
    expect([...bySeq.keys()].sort((x, y) => x - y)).toEqual([10, 20, 25]);
    expect(bySeq.get(20)!.map((r) => r.line)).toEqual([2, 5]);
  });

  test('the file: one line an anchor, a line cut by a crash ended before the next, other lines counted as unreadable', async () => {
    const file = anchorFile();
    const head = (await chainHead(api.db))!;
    appendAnchor(file, head, 'start');
    writeFileSync(file, `${readFileSync(file, 'utf8')}2026-11-28T10:00:00.000Z 12 abc`, { flag: 'w' });
    appendAnchor(file, head, 'timer');
    writeFileSync(file, 'not an anchor\n', { flag: 'a' });
    const read = readAnchors(file)!;
    expect(read.anchors.map((x) => [x.seq, x.reason, x.line])).toEqual([[head.seq, 'start', 1], [head.seq, 'timer', 3]]);
    expect(read.unreadable).toEqual([2, 4]);
    expect(readAnchors(path.join(dir, 'none.log'))).toBeNull();
  });

  test('a console anchors at start, while the log grows, not while it stands still, and at stop', async () => {
    const file = anchorFile();
    const stop = await startAnchoring(api.db, file, () => {}, 20);
    const lines = () => readAnchors(file)!.anchors;
    expect(lines().map((x) => [x.seq, x.reason])).toEqual([[(await chainHead(api.db))!.seq, 'start']]);
    await write(2);
    const grown = (await chainHead(api.db))!;
    for (let i = 0; i < 4000 && lines().at(-1)!.seq !== grown.seq; i++) await new Promise((r) => setTimeout(r, 25));
    expect(lines().at(-1)).toMatchObject({ seq: grown.seq, hash: grown.hash, reason: 'timer' });
    // Nothing written since: another pass adds nothing. (The two rows may have been two commits, each anchored.)
    const settled = lines().length;
    expect(settled).toBeGreaterThanOrEqual(2);
    expect(await anchorHead(api.db, file, 'timer')).toEqual(grown);
    expect(lines()).toHaveLength(settled);
    await write(1);
    await stop();
    expect(lines().at(-1)).toMatchObject({ seq: (await chainHead(api.db))!.seq, reason: expect.stringMatching(/^(timer|stop)$/) });
    expect((await verifyAuditChain(api.db, { anchors: lines() })).broken).toBeUndefined();
  });

  test('a file that cannot be written stops the start, naming it', async () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, '');
    await expect(startAnchoring(api.db, path.join(blocker, 'anchors.log'), () => {})).rejects.toThrow(/AUDIT_ANCHOR_FILE .*a-file\/anchors\.log cannot be written/);
  });
});

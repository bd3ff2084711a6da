import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { countRows } from '../../src/server/backup/archive';
import { checkBackup } from '../../src/server/backup/check';
import { restoreBackup, RestoreRefused } from '../../src/server/backup/restore';
import { header, tarStream, type TarItem } from '../../src/server/backup/tar';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { createApp } from '../../src/server/app';
import { writeEntries } from '../../src/server/audit/audit';
import { readAnchors } from '../../src/server/audit/audit-anchors';
import { verifyAuditChain } from '../../src/server/audit/audit-verify';
import { sealAuditLog } from '../../src/server/audit/audit-seal';
import { setupApi } from './harness';
import { TEST_SCRYPT_LOG_N } from './seeded-database';

/**
 * GET /api/system/backup in-process (issue 22, part 3), the check every scheduled backup passes, and the restore's
 * refusals. The whole drill with real processes (back up, write more, restore, start, compare) is
 * tests/crash/restore-drill.test.ts.
 */
const api = setupApi();
/** Known when the tests are collected (api.kind only once the database is open): harness.ts picks PostgreSQL by this. */
const onPostgres = !!process.env.TEST_DATABASE_URL;
let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'console-backup-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An archive of the given items, gzip-compressed, as a backup file is. */
async function archiveOf(items: TarItem[]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const c of tarStream((async function* () { yield* items; })())) chunks.push(c);
  return gzipSync(Buffer.concat(chunks));
}

const config = (dataDir: string, extra: Record<string, string> = {}) => readConfig({ DATA_DIR: dataDir, PGLITE_FSYNC: '0', SCRYPT_LOG_N: TEST_SCRYPT_LOG_N, ...extra });

describe('on PostgreSQL', () => {
  test.runIf(onPostgres)('the backup is pg_dump\'s: 409, saying so', async () => {
    const r = await api.call('superadmin', 'GET', '/api/system/backup');
    expect(r.status).toBe(409);
    expect(r.body.errors[0].code).toBe('use_pg_dump');
  });
});

describe.skipIf(onPostgres)('on the embedded database', () => {
  let rowsThen: Record<string, number>;

  test('a superadmin gets the whole database as it was, and the backup is in the audit log', async () => {
    mkdirSync(path.join(api.config.dataDir, 'content', 'uploads', '2026'), { recursive: true });
    writeFileSync(path.join(api.config.dataDir, 'content', 'uploads', '2026', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    await api.insert(getEntity('speciality'));
    for (const role of ['admin', 'doctor', 'fmc', 'railway'] as const) expect((await api.call(role, 'GET', '/api/system/backup')).status, role).toBe(403);
    const auditBefore = Number((await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(api.db)).rows[0].n);
    const res = await api.app.request('/api/system/backup', { headers: { authorization: `Bearer ${api.tokens.superadmin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="console-backup-\d{8}T\d{6}Z\.tar\.gz"$/);
    file = path.join(dir, 'backup.tar.gz');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    rowsThen = await countRows(api.db);

    const audit = await api.db.selectFrom('audit_log').select(['actor_id', 'entity', 'action', 'changes']).where('entity', '=', 'system').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: api.userIds.superadmin, action: 'backup' });
    expect(audit[0].changes).toMatchObject({ contentFiles: 1 });
    // The audit row was written once the copy was taken: the backup holds every row but that one.
    expect(rowsThen.audit_log).toBe(auditBefore + 1);
    // The chain's head the backup holds is anchored outside the database.
    const head = JSON.parse(manifestOf(readFileSync(file))).auditHead;
    expect(head).toEqual({ seq: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(readAnchors(api.config.auditAnchorFile)!.anchors.at(-1)).toMatchObject({ ...head, reason: 'backup' });
    expect(head.seq).toBe(Number((await sql<{ seq: string }>`select max(seq)::text as seq from audit_log where entity <> 'system'`.execute(api.db)).rows[0].seq));
  });

  test('it passes the check: opened and counted, table by table, against its manifest', async () => {
    const result = await checkBackup(file, path.join(dir, 'check'));
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.accounts).toBe(rowsThen.admin_user);
    expect(result.auditRows).toBe(rowsThen.audit_log - 1);
    expect(result.contentFiles).toBe(1);
    expect(readdirSync(dir)).not.toContain('check');
  });

  test('a damaged, cut or altered backup fails the check, saying why', async () => {
    const bytes = readFileSync(file);
    const cases: [string, Buffer, RegExp][] = [
      ['cut short', bytes.subarray(0, Math.floor(bytes.length / 2)), /damaged|cut short|unexpected end/i],
      ['not gzip', Buffer.from('hello, this is not a backup'), /damaged or not a console backup/],
      // Anywhere: in a header, in the data folder's bytes, near the end (gzip's checksum catches what tar cannot).
      ...[0.2, 1 / 3, 0.5, 0.7, 0.9].map((at): [string, Buffer, RegExp] => [`a bit flipped at ${Math.round(at * 100)}%`,
        Buffer.from(bytes.map((b, i) => (i === Math.floor(bytes.length * at) ? b ^ 0xff : b))), /damaged|invalid|check/i]),
      ['a tar without a manifest', await archiveOf([{ entry: { name: 'pgdata', type: 'dir', size: 0, mtime: new Date(), mode: 0o700 } }]), /does not start with backup\.json/],
      ['an entry outside its folder', await archiveOf([
        manifestItem(JSON.parse(manifestOf(bytes))),
        { entry: { name: 'pgdata/../../escaped', type: 'file', size: 1, mtime: new Date(), mode: 0o600 }, body: Buffer.from('x') },
      ]), /unexpected entry/],
    ];
    for (const [what, content, why] of cases) {
      const bad = path.join(dir, `${what}.tar.gz`);
      writeFileSync(bad, content);
      const result = await checkBackup(bad, path.join(dir, 'check'));
      expect(result.ok, what).toBe(false);
      expect(result.problems.join('\n'), what).toMatch(why);
    }
    expect(readdirSync(path.dirname(dir)).filter((n) => n === 'escaped')).toEqual([]);

    // The manifest says one more account than the database holds.
    const altered = path.join(dir, 'altered.tar.gz');
    writeFileSync(altered, replaceManifest(bytes, (m) => ({ ...m, rows: { ...m.rows, admin_user: m.rows.admin_user + 1 } })));
    const result = await checkBackup(altered, path.join(dir, 'check'));
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([`admin_user: ${rowsThen.admin_user} rows, the manifest says ${rowsThen.admin_user + 1}`]);
  });

  test('a restore refuses a folder that is not empty, DATABASE_URL, and a backup of a newer release', async () => {
    const used = path.join(dir, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'anything'), 'x');
    await expect(restoreBackup(file, config(used))).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(file, config(used))).rejects.toThrow(/is not empty/);
    expect(readdirSync(used)).toEqual(['anything']);
    await expect(restoreBackup(file, config(path.join(dir, 'pg'), { DATABASE_URL: 'postgres://nowhere/none' }))).rejects.toThrow(/pg_restore/);
    await expect(restoreBackup(path.join(dir, 'missing.tar.gz'), config(path.join(dir, 'none')))).rejects.toThrow(RestoreRefused);

    const newer = path.join(dir, 'newer.tar.gz');
    writeFileSync(newer, replaceManifest(readFileSync(file), (m) => ({ ...m, migrations: [...m.migrations, '9999-from-the-future'] })));
    const target = path.join(dir, 'newer');
    await expect(restoreBackup(newer, config(target))).rejects.toThrow(/newer release/);
    // A failed restore leaves the folder as it found it: empty.
    expect(readdirSync(target)).toEqual([]);
  });

  test('a restore into an empty folder gives the same tables, rows and content files, and ends every session', async () => {
    // Signed out after the backup was taken: the restore must not bring this session back.
    const signedOut = await api.newSession('admin');
    expect((await api.call({ token: signedOut }, 'POST', '/api/adminUser/logout')).status).toBe(200);
    const target = path.join(dir, 'restored');
    const { manifest, sessionsEnded, auditHead } = await restoreBackup(file, config(target));
    expect(readdirSync(target).sort()).toEqual(['audit-anchors.log', 'content', 'pgdata']);
    expect(sessionsEnded).toBe(manifest.rows.session);
    expect(sessionsEnded).toBeGreaterThan(0);
    expect(readFileSync(path.join(target, 'content', 'uploads', '2026', 'a.png'))).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const restored = await openDatabase({ dataDir: target });
    try {
      const rows = await countRows(restored.db);
      expect(rows).toEqual({ ...manifest.rows, session: 0 });
      expect(rows).toEqual({ ...rowsThen, audit_log: rowsThen.audit_log - 1, session: 0 });
      const emails = async (db: typeof api.db) => (await db.selectFrom('admin_user').select('email').orderBy('id').execute()).map((r) => r.email);
      expect(await emails(restored.db)).toEqual(await emails(api.db));
      // No token of before the restore opens a session on it, the one signed out since among them.
      const restoredApp = createApp({ db: restored.db, config: config(target), distDir: path.join(dir, 'no-dist') });
      for (const token of [signedOut, api.tokens.superadmin!, api.tokens.admin!]) {
        const r = await restoredApp.request('/api/adminUser/validate/authToken', { headers: { authorization: `Bearer ${token}` } });
        expect(r.status).toBe(401);
      }
      // The restored chain is anchored as a restore, and holds to it.
      expect(auditHead).toEqual(manifest.auditHead);
      const anchors = readAnchors(path.join(target, 'audit-anchors.log'))!.anchors;
      expect(anchors.map((a) => [a.seq, a.hash, a.reason])).toEqual([[auditHead!.seq, auditHead!.hash, 'restore']]);
      expect((await verifyAuditChain(restored.db, { anchors })).broken).toBeUndefined();
      // The console's anchors before the restore: the backup's holds, one of a row past it (a history the restore went
      // back from) is set aside.
      await writeEntries(restored.db, [{ actor: { id: null }, entity: 'speciality', action: 'create' }]);
      // The rows the console wrote since the backup (the backup's own entry among them), sealed as its sealer would.
      await sealAuditLog(api.db);
      const since = (await sql<{ seq: string }>`select max(seq)::text as seq from audit_log`.execute(api.db)).rows[0].seq;
      const all = [...readAnchors(api.config.auditAnchorFile)!.anchors, { at: new Date().toISOString(), seq: Number(since), hash: 'f'.repeat(64), reason: 'timer' as const, line: 99 }, ...anchors];
      const report = await verifyAuditChain(restored.db, { anchors: all });
      expect(report.broken).toBeUndefined();
      expect(report.anchors.setAside).toBe(1);
    } finally {
      await restored.close();
    }
  });
});

function manifestOf(gz: Buffer): string {
  const tar = gunzipSync(gz);
  const size = Number.parseInt(tar.subarray(124, 136).toString().replace(/\0.*$/, '').trim(), 8);
  return tar.subarray(512, 512 + size).toString();
}

function manifestItem(manifest: object): TarItem {
  const body = Buffer.from(JSON.stringify(manifest));
  return { entry: { name: 'backup.json', type: 'file', size: body.length, mtime: new Date(), mode: 0o600 }, body };
}

/** The same backup with its manifest (the first entry) rewritten. */
function replaceManifest(gz: Buffer, change: (m: { rows: Record<string, number>; migrations: string[] }) => object): Buffer {
  const tar = gunzipSync(gz);
  const size = Number.parseInt(tar.subarray(124, 136).toString().replace(/\0.*$/, '').trim(), 8);
  const rest = tar.subarray(512 + Math.ceil(size / 512) * 512);
  const item = manifestItem(change(JSON.parse(tar.subarray(512, 512 + size).toString())));
  const body = item.body as Buffer;
  return gzipSync(Buffer.concat([header(item.entry), body, Buffer.alloc((512 - (body.length % 512)) % 512), rest]));
}

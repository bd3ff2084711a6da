import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkBackup } from '../../src/server/backup/check';
import { readConfig } from '../../src/server/config';
import { setupApi } from './harness';

/**
 * BACKUP_KEY (backup/encryption.ts): a downloaded backup is sealed with it, opens only with it, and a byte changed
 * anywhere in it fails the check. Scheduled backups and `npm run restore` with real processes:
 * tests/crash/files-at-rest.test.ts.
 */
const KEY = 'another-long-passphrase-0123456789';
const api = setupApi({ env: { BACKUP_KEY: KEY } });
const onPostgres = !!process.env.TEST_DATABASE_URL;
let dir: string;
let file: string;

beforeAll(() => { dir = mkdtempSync(path.join(tmpdir(), 'console-backup-key-')); });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(onPostgres)('a backup sealed with BACKUP_KEY', () => {
  test('is downloaded sealed, named .enc, with nothing of the archive readable', async () => {
    const res = await api.app.request('/api/system/backup', { headers: { authorization: `Bearer ${api.tokens.superadmin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/filename="console-backup-\d{8}T\d{6}Z\.tar\.gz\.enc"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 7).toString('latin1')).toBe('HCBKENC');
    expect(bytes.includes(Buffer.from('backup.json'))).toBe(false);
    file = path.join(dir, 'backup.tar.gz.enc');
    writeFileSync(file, bytes);
  });

  test('opens with its key only, and passes its check', async () => {
    expect((await checkBackup(file, path.join(dir, 'check'), KEY)).ok).toBe(true);
    expect((await checkBackup(file, path.join(dir, 'check'))).problems.join()).toMatch(/is encrypted: give the key/);
    expect((await checkBackup(file, path.join(dir, 'check'), `${KEY}x`)).problems.join()).toMatch(/BACKUP_KEY is not the key/);
  });

  test('a byte changed anywhere after the header fails the check, saying so', async () => {
    const bytes = readFileSync(file);
    for (const at of [0.3, 0.6, 0.999]) {
      const bad = path.join(dir, `bad-${at}.enc`);
      writeFileSync(bad, Buffer.from(bytes.map((b, i) => (i === Math.floor(bytes.length * at) ? b ^ 0x01 : b))));
      const result = await checkBackup(bad, path.join(dir, 'check'), KEY);
      expect(result.ok, String(at)).toBe(false);
      expect(result.problems.join(), String(at)).toMatch(/changed or damaged|damaged/);
    }
  });
});

test('a key shorter than 16 characters stops the start, saying how to make one', () => {
  expect(() => readConfig({ BACKUP_KEY: 'short' })).toThrow(/BACKUP_KEY is shorter than 16 characters/);
});

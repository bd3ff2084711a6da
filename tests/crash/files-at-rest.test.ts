import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { backupsIn } from '../../src/server/backup/schedule';
import { ServerProcess } from './server-process';

/**
 * Files at rest, with real console processes: the data folder and everything in it, backups included, are the
 * console's user's only (whatever the shell's umask); a data folder others may write is refused at start; scheduled
 * backups are sealed with BACKUP_KEY, and `npm run restore` opens them with the key only.
 */
const KEY = 'a-long-backup-passphrase-for-the-test';
let root: string;
const dir = (name: string) => path.join(root, name);
const consoles: ServerProcess[] = [];
const env = (dataDir: string, extra: Record<string, string> = {}) => ({ DATA_DIR: dataDir, DEMO_PASSWORD: 'rest-password-1', DEMO_DATA: '0', SCRYPT_LOG_N: '10', ...extra });

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'console-at-rest-'));
  // As a shell's usual umask would leave them: the console must not rely on it.
  chmodSync(root, 0o755);
});
afterAll(async () => {
  for (const c of consoles) await c.kill();
  rmSync(root, { recursive: true, force: true });
});

/** Every path under `top` whose mode lets anyone but its owner read, write or enter it. */
function openToOthers(top: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const s = statSync(p);
    if (s.mode & 0o077) out.push(`${path.relative(root, p) || '.'} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(top);
  return out;
}

test('a console makes its data folder and backups its own user\'s only; the backups sealed; restore needs the key', async () => {
  const a = await ServerProcess.start(env(dir('a'), { BACKUP_DIR: dir('backups'), BACKUP_KEY: KEY }));
  consoles.push(a);
  await a.waitFor(/\[backup\] console-backup-\d{8}T\d{6}Z\.tar\.gz\.enc: .* written and checked/);
  await a.stop();
  expect(openToOthers(dir('a'))).toEqual([]);
  expect(openToOthers(dir('backups'))).toEqual([]);

  const [backup] = backupsIn(dir('backups'));
  const file = path.join(dir('backups'), backup.name);
  // Sealed: nothing of a gzip or a tar, nor any table's name, readable in it.
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 7).toString('latin1')).toBe('HCBKENC');
  expect(bytes.includes(Buffer.from('admin_user'))).toBe(false);

  const noKey = await ServerProcess.start({ DATA_DIR: dir('b') }, ['src/server/backup/restore-cli.ts', file]);
  expect(await noKey.exited, noKey.lines.join('\n')).toBe(2);
  expect(noKey.lines.join('\n')).toMatch(/is encrypted: set BACKUP_KEY/);
  const wrongKey = await ServerProcess.start({ DATA_DIR: dir('b'), BACKUP_KEY: `${KEY}-not` }, ['src/server/backup/restore-cli.ts', file]);
  expect(await wrongKey.exited, wrongKey.lines.join('\n')).toBe(2);
  expect(wrongKey.lines.join('\n')).toMatch(/not the key/);
  expect(readdirSync(root)).not.toContain('b');

  const restore = await ServerProcess.start({ DATA_DIR: dir('b'), BACKUP_KEY: KEY }, ['src/server/backup/restore-cli.ts', file]);
  expect(await restore.exited, restore.lines.join('\n')).toBe(0);
  expect(openToOthers(dir('b'))).toEqual([]);
  const b = await ServerProcess.start(env(dir('b')));
  consoles.push(b);
  await b.waitFor(/Console listening/);
  await b.stop();
});

test('a data folder others may write is refused at start, naming it and the fix', async () => {
  mkdirSync(dir('shared'));
  chmodSync(dir('shared'), 0o777);
  const c = await ServerProcess.start(env(dir('shared')));
  consoles.push(c);
  expect(await c.exited).not.toBe(0);
  const said = c.lines.join('\n');
  expect(said).toContain(dir('shared'));
  expect(said).toMatch(/other users .*mode 777.*chmod 700/);
  expect(readdirSync(dir('shared'))).toEqual([]);
});

test('a data folder others may only read is made private, and the log says so', async () => {
  mkdirSync(dir('readable'));
  chmodSync(dir('readable'), 0o755);
  const c = await ServerProcess.start(env(dir('readable')));
  consoles.push(c);
  await c.waitFor(/Console listening/);
  expect(c.has(/was readable by other users .*made private/)).toBe(true);
  await c.stop();
  expect(openToOthers(dir('readable'))).toEqual([]);
});

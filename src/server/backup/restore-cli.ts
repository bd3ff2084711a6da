import path from 'node:path';
import { readConfig } from '../config';
import { restoreBackup, RestoreRefused } from './restore';
import { isSealed } from './encryption';
import { askHidden } from './ask-hidden';
import { keepFilesPrivate } from '../ops/private-files';

/**
 * `npm run restore -- FILE`: restores a backup (GET /api/system/backup, or one of BACKUP_DIR's) into DATA_DIR, which
 * must be empty. An encrypted backup (.tar.gz.enc) is opened with BACKUP_KEY, or the key is asked for. Exit code 0 restored, 1 failed (DATA_DIR left empty), 2 refused (nothing written).
 */
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  process.stderr.write('usage: npm run restore -- FILE   (into DATA_DIR, which must be empty or absent)\n');
  process.exit(2);
}
keepFilesPrivate();
const config = readConfig();
try {
  // A sealed backup needs its key: from BACKUP_KEY, else asked here (never on the command line, which others may read).
  if (!config.backupKey && (await isSealed(path.resolve(file)))) {
    if (!process.stdin.isTTY) throw new RestoreRefused(`${file} is encrypted: set BACKUP_KEY to the key it was made with`);
    config.backupKey = await askHidden(`${file} is encrypted. Its key (BACKUP_KEY): `);
  }
  const { manifest: m, sessionsEnded, auditHead } = await restoreBackup(path.resolve(file), config);
  const total = Object.values(m.rows).reduce((a, b) => a + b, 0);
  process.stdout.write([
    `Restored ${file} (taken ${m.createdAt}) into ${config.dataDir}:`,
    `  ${total} rows in ${Object.keys(m.rows).length} tables, ${m.rows.admin_user ?? 0} staff accounts, ${m.rows.audit_log ?? 0} audit rows, ${m.content.files} content files;`,
    '  every table counted against the backup\'s manifest.',
    `  ${sessionsEnded} sessions ended: everyone signs in again.`,
    ...(auditHead ? [`  the audit chain's head (seq ${auditHead.seq}) anchored in ${config.auditAnchorFile} as a restore.`] : []),
    `Start the console on it: DATA_DIR=${config.dataDir} npm run serve`,
    '',
  ].join('\n'));
  process.exit(0);
} catch (err) {
  process.stderr.write(`${err instanceof RestoreRefused ? 'Restore refused' : 'Restore failed (DATA_DIR left empty)'}: ${(err as Error).message}\n`);
  process.exit(err instanceof RestoreRefused ? 2 : 1);
}

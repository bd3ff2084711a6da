import path from 'node:path';
import { readConfig } from '../config';
import { restoreBackup, RestoreRefused } from './restore';

/**
 * `npm run restore -- FILE`: restores a backup (GET /api/system/backup, or one of BACKUP_DIR's) into DATA_DIR, which
 * must be empty. Exit code 0 restored, 1 failed (DATA_DIR left empty), 2 refused (nothing written).
 */
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  process.stderr.write('usage: npm run restore -- FILE   (into DATA_DIR, which must be empty or absent)\n');
  process.exit(2);
}
const config = readConfig();
try {
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

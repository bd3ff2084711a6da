import { pipeline, Readable } from 'node:stream';
import { Hono } from 'hono';
import { auditEvent } from '../audit/audit';
import type { Role } from '../../registry';
import type { Database } from '../db/connection';
import { fail, forbidden, type AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';
import { takeBackup } from '../backup/archive';
import { encryptingStream } from '../backup/encryption';
import { backupName } from '../backup/schedule';
import { appendAnchor } from '../audit/audit-anchors';
import { requireFreshProof } from '../auth/step-up';

/** Who may take a backup (docs/decisions.md#who-may-take-a-backup): every record of every centre leaves in it. */
export const BACKUP_ROLES: readonly Role[] = ['superadmin'];

/**
 * GET /api/system/backup: a backup of the running console, streamed (backup/archive.ts; `npm run restore -- FILE`
 * restores it). On PostgreSQL, 409: pg_dump is the tool there (docs/operations.md#backups). Every backup taken is in the audit
 * log (entity `system`, action `backup`), with what it holds.
 */
describeCalls({
  'GET /api/system/backup': {
    summary: 'A backup of the embedded database and the content store, as a download (gzip; sealed with BACKUP_KEY when it is set); a recent proof of identity is asked for',
    roles: BACKUP_ROLES, ok: { status: 200, type: ['application/gzip', 'application/octet-stream'] }, refuses: [409],
  },
});

export function systemRoutes(database: Database | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/system/backup', async (c) => {
    const me = c.get('user');
    if (!BACKUP_ROLES.includes(me.role)) throw forbidden();
    requireFreshProof(c);
    if (!database?.snapshot) {
      throw fail(409, 'The console runs on a PostgreSQL server: back it up with pg_dump (docs/operations.md, "Backups")', { code: 'use_pg_dump' });
    }
    const backup = await takeBackup(database, c.get('config').dataDir);
    const m = backup.manifest;
    try {
      // The chain's head the backup holds, outside the database (audit/audit-anchors.ts).
      if (m.auditHead) appendAnchor(c.get('config').auditAnchorFile, m.auditHead, 'backup');
      await auditEvent(c.get('db'), me, 'system', 'backup',
        { createdAt: m.createdAt, tables: Object.keys(m.rows).length, rows: Object.values(m.rows).reduce((a, b) => a + b, 0), contentFiles: m.content.files });
    } catch (err) {
      await backup.discard();
      throw err;
    }
    // With BACKUP_KEY the download is sealed as the scheduled backups are: the file that leaves the host is unreadable
    // without the key, which stays apart from it (README, "Backups").
    const key = c.get('config').backupKey;
    const body = key ? pipeline(backup.stream(), encryptingStream(key), () => {}) : backup.stream();
    return c.body(Readable.toWeb(body) as ReadableStream, 200, {
      'Content-Type': key ? 'application/octet-stream' : 'application/gzip',
      'Content-Disposition': `attachment; filename="${backupName(new Date(m.createdAt), Boolean(key))}"`,
    });
  });
  return app;
}

import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { auditEvent } from '../crud/audit';
import type { Role } from '../../registry';
import type { Database } from '../db/connection';
import { fail, forbidden, type AppEnv } from '../http';
import { takeBackup } from '../backup/archive';
import { backupName } from '../backup/schedule';

/** Who may take a backup (docs/decisions.md#who-may-take-a-backup): every record of every centre leaves in it. */
export const BACKUP_ROLES: readonly Role[] = ['superadmin'];

/**
 * GET /api/system/backup: a backup of the running console, streamed (backup/archive.ts; `npm run restore -- FILE`
 * restores it). On PostgreSQL, 409: pg_dump is the tool there (docs/operations.md#backups). Every backup taken is in the audit
 * log (entity `system`, action `backup`), with what it holds.
 */
export function systemRoutes(database: Database | undefined): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/system/backup', async (c) => {
    const me = c.get('user');
    if (!BACKUP_ROLES.includes(me.role)) throw forbidden();
    if (!database?.snapshot) {
      throw fail(409, 'The console runs on a PostgreSQL server: back it up with pg_dump (docs/operations.md, "Backups")', { code: 'use_pg_dump' });
    }
    const backup = await takeBackup(database, c.get('config').dataDir);
    const m = backup.manifest;
    try {
      await auditEvent(c.get('db'), me, 'system', 'backup',
        { createdAt: m.createdAt, tables: Object.keys(m.rows).length, rows: Object.values(m.rows).reduce((a, b) => a + b, 0), contentFiles: m.content.files });
    } catch (err) {
      await backup.discard();
      throw err;
    }
    return c.body(Readable.toWeb(backup.stream()) as ReadableStream, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${backupName(new Date(m.createdAt))}"`,
    });
  });
  return app;
}

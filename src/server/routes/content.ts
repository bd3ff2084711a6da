import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { sql } from 'kysely';
import { authenticate } from '../auth/sessions';
import { canReadRecord, columnName, ENTITIES, fileFieldsOf, mayUpload, ROLES } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { auditEvent } from '../audit/audit';
import { z } from 'zod';
import { fail, forbidden, type AppEnv, type SessionUser } from '../http';
import { dataOf, describeCalls } from '../http/call-docs';
import { unsafeText } from '../http/input-safety';
import { contentRoot } from '../config/data-folders';

/** Files accepted into the content store, recognised by their first bytes, never by the name or header alone. */
const KINDS: { ext: string; type: string; magic: number[] }[] = [
  { ext: 'png', type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { ext: 'jpg', type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { ext: 'gif', type: 'image/gif', magic: [0x47, 0x49, 0x46, 0x38] },
  { ext: 'webp', type: 'image/webp', magic: [0x52, 0x49, 0x46, 0x46] },
  { ext: 'pdf', type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
];
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** What one user may upload in a day: enough for a day's forms, not a file store for anyone with an account. */
export const DAILY_UPLOAD_BYTES = 50 * 1024 * 1024;
export const DAILY_UPLOAD_FILES = 300;

/** The cookie the console sets beside its stored token, so that <img> and links (which send no header) may read the store. */
export const CONTENT_COOKIE = 'console_content';

describeCalls({
  'POST /api/upload': {
    summary: `Store a file (the raw bytes as the body; PNG, JPEG, GIF, WebP or PDF, by its first bytes; ${MAX_UPLOAD_BYTES / 1_048_576} MB at most): the content path to put in an image or file field`,
    roles: ROLES.filter(mayUpload), file: KINDS.map((k) => k.type),
    ok: { status: 201, schema: dataOf(z.strictObject({ path: z.string(), type: z.enum(KINDS.map((k) => k.type) as [string, ...string[]]), size: z.number().int().min(1) })) }, refuses: [429],
  },
});

/** POST /api/upload: the raw file as the body; answers the content path to store in an image or file field. */
export function uploadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/upload', async (c) => {
    if (!mayUpload(c.get('user').role)) throw forbidden();
    const buf = Buffer.from(await c.req.arrayBuffer());
    if (buf.length === 0) throw fail(400, 'The file is empty', { field: 'file' });
    if (buf.length > MAX_UPLOAD_BYTES) throw fail(413, 'The file is larger than 2 MB', { field: 'file' });
    const kind = KINDS.find((k) => k.magic.every((b, i) => buf[i] === b));
    if (!kind) throw fail(400, 'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded', { field: 'file' });
    const now = new Date();
    const rel = path.posix.join('content', 'uploads', String(now.getUTCFullYear()), `${randomBytes(12).toString('hex')}.${kind.ext}`);
    const abs = path.join(c.get('config').dataDir, rel);
    const me = c.get('user');
    // The quota is counted and the upload recorded under one lock per user, so parallel uploads cannot pass it together.
    await c.get('db').transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`upload:${me.id}`}))`.execute(tx);
      const used = await sql<{ bytes: number; files: number }>`select coalesce(sum((changes->>'size')::bigint), 0)::float8 as bytes, count(*)::int as files
        from audit_log where actor_id = ${me.id} and entity = 'upload' and at > now() - interval '1 day'`.execute(tx);
      const { bytes, files } = used.rows[0];
      if (Number(files) >= DAILY_UPLOAD_FILES || Number(bytes) + buf.length > DAILY_UPLOAD_BYTES) {
        throw fail(429, 'You have uploaded as much as one day allows. Try again tomorrow.', { code: 'quota', field: 'file' });
      }
      await auditEvent(tx, me, 'upload', 'upload', { path: rel, size: buf.length, type: kind.type });
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, buf, { mode: 0o640 });
    });
    return c.json({ data: { path: rel, type: kind.type, size: buf.length } }, 201);
  });
  return app;
}

/**
 * Whether a stored file belongs to a record the caller may not read (a doctor's verification documents, for anyone
 * but those who review them): looked up in the file fields of every entity the caller's role may not read.
 */
async function heldFrom(db: DB, user: SessionUser, file: string): Promise<boolean> {
  for (const def of ENTITIES) {
    if (canReadRecord(user.role, def.name)) continue;
    for (const f of fileFieldsOf(def).filter((x) => x.kind === 'file')) {
      const c = sql.raw(ident(columnName(f.field, def.fields[f.field])));
      const holds = f.itemField ? sql`${c} @> ${JSON.stringify([{ [f.itemField]: file }])}::jsonb` : sql`${c} = ${file}`;
      const hit = await sql`select 1 from ${sql.raw(ident(def.table))} where ${holds} limit 1`.execute(db);
      if (hit.rows.length) return true;
    }
  }
  return false;
}

/**
 * GET /content/…: files of the content store, for signed-in staff only (health documents and staff photos are not
 * public), never run as a page. The session comes from the Authorization header or, for <img> and links, from the
 * cookie the console keeps beside its stored token. No session: 404, as for a file that does not exist.
 */
export function contentFiles(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/*', async (c) => {
    const token = getCookie(c, CONTENT_COOKIE);
    const header = c.req.header('authorization') ?? (token ? `Bearer ${token}` : undefined);
    let user: SessionUser;
    try {
      user = await authenticate(c.get('db'), c.get('config'), header);
    } catch {
      return c.text('Not found', 404);
    }
    const root = contentRoot(c.get('config').dataDir);
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/content\//, ''));
    } catch {
      return c.text('Not found', 404); // a malformed %-escape names no file
    }
    if (unsafeText(rel)) return c.text('Not found', 404);
    const abs = path.resolve(root, rel);
    if (!abs.startsWith(root + path.sep)) return c.text('Not found', 404);
    if (await heldFrom(c.get('db'), user, path.posix.join('content', rel.split(path.sep).join('/')))) return c.text('Not found', 404);
    const kind = KINDS.find((k) => abs.endsWith(`.${k.ext}`));
    try {
      const body = await readFile(abs);
      return c.body(body, 200, {
        'Content-Type': kind?.type ?? 'application/octet-stream',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        // Never kept by the browser: a verification document or a patient's file must not outlive the sign-out in its cache.
        'Cache-Control': 'private, no-store',
        Vary: 'Cookie, Authorization',
      });
    } catch {
      return c.text('Not found', 404);
    }
  });
  return app;
}

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { fail, type AppEnv } from '../http';

/** Files accepted into the content store, recognised by their first bytes, never by the name or header alone. */
const KINDS: { ext: string; type: string; magic: number[] }[] = [
  { ext: 'png', type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47] },
  { ext: 'jpg', type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { ext: 'gif', type: 'image/gif', magic: [0x47, 0x49, 0x46, 0x38] },
  { ext: 'webp', type: 'image/webp', magic: [0x52, 0x49, 0x46, 0x46] },
  { ext: 'pdf', type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
];
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const contentRoot = (dataDir: string) => path.join(dataDir, 'content');

/** POST /api/upload: the raw file as the body; answers the content path to store in an image or file field. */
export function uploadRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/upload', async (c) => {
    const buf = Buffer.from(await c.req.arrayBuffer());
    if (buf.length === 0) throw fail(400, 'The file is empty', { field: 'file' });
    if (buf.length > MAX_UPLOAD_BYTES) throw fail(413, 'The file is larger than 2 MB', { field: 'file' });
    const kind = KINDS.find((k) => k.magic.every((b, i) => buf[i] === b));
    if (!kind) throw fail(400, 'Only PNG, JPEG, GIF, WebP images and PDF files can be uploaded', { field: 'file' });
    const now = new Date();
    const rel = path.posix.join('content', 'uploads', String(now.getUTCFullYear()), `${randomBytes(12).toString('hex')}.${kind.ext}`);
    const abs = path.join(c.get('config').dataDir, rel);
    await mkdir(path.dirname(abs), { recursive: true });
    await writeFile(abs, buf, { mode: 0o640 });
    return c.json({ data: { path: rel, type: kind.type, size: buf.length } }, 201);
  });
  return app;
}

/** GET /content/…: files of the content store, never run as a page. */
export function contentFiles(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/*', async (c) => {
    const root = contentRoot(c.get('config').dataDir);
    const rel = decodeURIComponent(new URL(c.req.url).pathname.replace(/^\/content\//, ''));
    const abs = path.resolve(root, rel);
    if (!abs.startsWith(root + path.sep)) return c.text('Not found', 404);
    const kind = KINDS.find((k) => abs.endsWith(`.${k.ext}`));
    try {
      const body = await readFile(abs);
      return c.body(body, 200, {
        'Content-Type': kind?.type ?? 'application/octet-stream',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': 'private, max-age=3600',
      });
    } catch {
      return c.text('Not found', 404);
    }
  });
  return app;
}

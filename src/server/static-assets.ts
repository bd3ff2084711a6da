import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { acceptsEncoding } from './accept-encoding';

/**
 * The built console's files. Hashed assets (`/assets/name-HASH.js`) never change, so browsers keep them for a year
 * without asking again; index.html is revalidated every time (ETag), so a new build is picked up at once. Each file is
 * sent precompressed (brotli, else gzip, as the browser accepts; made at build by scripts/precompress.ts). Files are
 * read once and kept in memory: a build's assets are a few hundred kilobytes.
 */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.ico': 'image/x-icon', '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json',
};

interface Variant { body: Buffer; encoding?: 'br' | 'gzip' }
const cache = new Map<string, Variant | null>();

function variant(file: string, encoding?: 'br' | 'gzip'): Variant | null {
  const key = `${file}|${encoding ?? ''}`;
  if (!cache.has(key)) {
    const p = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
    cache.set(key, existsSync(p) ? { body: readFileSync(p), encoding } : null);
  }
  return cache.get(key)!;
}

/** The best variant of `file` for this request's Accept-Encoding. */
function pick(c: Context, file: string): Variant | null {
  const accept = c.req.header('accept-encoding');
  return (acceptsEncoding(accept, 'br') ? variant(file, 'br') : null) ?? (acceptsEncoding(accept, 'gzip') ? variant(file, 'gzip') : null) ?? variant(file);
}

function send(c: Context, file: string, cacheControl: string, etag?: string) {
  const v = pick(c, file);
  if (!v) return null;
  const headers: Record<string, string> = {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (v.encoding) headers['Content-Encoding'] = v.encoding;
  if (etag) headers.ETag = etag;
  return c.body(new Uint8Array(v.body), 200, headers);
}

/** GET /assets/*: hashed, immutable. */
export function serveAsset(c: Context, distDir: string) {
  const root = path.join(distDir, 'assets');
  let rel: string;
  try { rel = decodeURIComponent(c.req.path.replace(/^\/assets\//, '')); } catch { return c.text('Not found', 404); }
  const file = path.resolve(root, rel);
  if (!file.startsWith(root + path.sep) || /\.(br|gz)$/.test(file)) return c.text('Not found', 404);
  return send(c, file, 'public, max-age=31536000, immutable') ?? c.text('Not found', 404);
}

const etags = new Map<string, string>();

/** index.html for every client route: revalidated on each load (ETag → 304 when unchanged). */
export function serveIndex(c: Context, distDir: string) {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) return null;
  if (!etags.has(file)) etags.set(file, `"${createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 22)}"`);
  const etag = etags.get(file)!;
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, { ETag: etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' });
  return send(c, file, 'no-cache', etag);
}

/**
 * The CSP sources of the inline scripts of the built index.html ('sha256-…' each): the page's one inline script holds
 * the keys pressed before the console's code runs (index.html), and the policy allows it by its hash, nothing else.
 */
export function inlineScriptSources(distDir: string): string[] {
  const file = path.join(distDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../src/server/app';
import { setupApi } from './harness';

/**
 * The wire (issue 8): hashed assets precompressed and cached for a year, index.html revalidated, API answers above
 * 1 KB compressed. Against a small build of our own in a temporary folder (the real one is checked by the browser tests).
 */
const api = setupApi({ roles: ['superadmin'] });
let app: ReturnType<typeof createApp>;
const js = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(() => {
  const dist = path.join(api.config.dataDir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Console</title>');
  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  writeFileSync(asset, js);
  writeFileSync(`${asset}.br`, brotliCompressSync(js));
  writeFileSync(`${asset}.gz`, gzipSync(js));
  app = createApp({ db: api.db, config: api.config, distDir: dist });
});

describe('static files', () => {
  test('a hashed asset: brotli when accepted, else gzip, else plain; immutable for a year', async () => {
    const br = await app.request('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('text/javascript');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(js);
    const gz = await app.request('/assets/index-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const plain = await app.request('/assets/index-AbC123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
  });

  test('missing, escaping and precompressed-copy paths are not found', async () => {
    for (const url of ['/assets/nope.js', '/assets/..%2f..%2fpackage.json', '/assets/index-AbC123.js.br', '/assets/%E0%A4%A']) {
      expect((await app.request(url)).status, url).toBe(404);
    }
  });

  test('index.html is revalidated: no-cache with an ETag, 304 when unchanged; every client route loads it', async () => {
    const first = await app.request('/dashboard/appointments/missed');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await app.request('/signin', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('API answers', () => {
  test('above 1 KB they are compressed when the client accepts it; small ones are not', async () => {
    const headers = { authorization: `Bearer ${api.tokens.superadmin}`, 'accept-encoding': 'gzip' };
    const big = await app.request('/api/state?limit=50', { headers });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const small = await app.request('/api/auth/config', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  test('each accepted encoding gives the same JSON as none; a refused one (q=0) is not used', async () => {
    const auth = { authorization: `Bearer ${api.tokens.superadmin}` };
    const plain = await app.request('/api/state?limit=50', { headers: { ...auth, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = await plain.json();
    for (const [accepted, encoding, inflate] of [
      ['gzip, deflate', 'gzip', gunzipSync], ['gzip;q=0, deflate', 'deflate', inflateSync], ['*', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.request('/api/state?limit=50', { headers: { ...auth, 'accept-encoding': accepted } });
      expect(res.headers.get('content-encoding'), accepted).toBe(encoding);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
      expect(JSON.parse(inflate(bytes).toString())).toEqual(expected);
    }
    const none = await app.request('/api/state?limit=50', { headers: { ...auth, 'accept-encoding': 'gzip;q=0, deflate;q=0' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(await none.json()).toEqual(expected);
  });
});

import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptsEncoding } from './accept-encoding';

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/** The encoding to answer in: gzip, else deflate, when the client accepts one. */
export function jsonEncoding(accepted: string | undefined): 'gzip' | 'deflate' | null {
  return acceptsEncoding(accepted, 'gzip') ? 'gzip' : acceptsEncoding(accepted, 'deflate') ? 'deflate' : null;
}

/**
 * JSON answers above `threshold` bytes, compressed with zlib on a worker thread of libuv. A client that accepts no
 * compression gets the answer as the handler built it, untouched: the Node adapter then writes the string at once,
 * where reading the body back out of a Response and wrapping it again cost a stream and a copy on every call. Other
 * answers (a CSV export's stream) are left to Hono's compression, outside this one and told to leave JSON alone.
 */
export function compressJson(threshold: number): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('content-encoding') || !res.headers.get('content-type')?.includes('json')) return;
    res.headers.append('vary', 'Accept-Encoding');
    const encoding = jsonEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const text = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Buffer = text;
    if (text.byteLength >= threshold) {
      body = await (encoding === 'gzip' ? gzipAsync(text) : deflateAsync(text));
      headers.set('content-encoding', encoding);
    }
    headers.set('content-length', String(body.byteLength));
    // A Buffer is a Uint8Array: the Node adapter writes it as it is.
    c.res = new Response(body as Uint8Array<ArrayBuffer>, { status: res.status, headers });
  };
}

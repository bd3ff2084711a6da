import { bearer, raise, withStepUp, type ErrorItem } from './client';

/**
 * A file as it streams (an export, a PDF): the answer itself, for the caller to read piece by piece, sent with the
 * session's token (a plain link could not send it). A refusal is raised as the API's error, like any other call's.
 * Apart from the JSON calls of client.ts, which the first load carries: only the screens that save files use it.
 */
export function download(url: string, opts: { signal?: AbortSignal } = {}): Promise<Response> {
  return withStepUp(() => downloadOnce(url, opts));
}

async function downloadOnce(url: string, opts: { signal?: AbortSignal }): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { headers: bearer(), signal: opts.signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw raise(0, undefined);
  }
  if (res.ok && res.body) return res;
  let errors: ErrorItem[] | undefined;
  try { errors = ((await res.json()) as { errors?: ErrorItem[] } | null)?.errors; } catch { /* not JSON: the status says enough */ }
  throw raise(res.status, errors);
}

import { FetchError, ofetch } from 'ofetch';
import { bearer, callsOver, raise, withStepUp, type ErrorItem } from './client';

/**
 * The data layer's transport: the modules screens load after the shell (the entity API, search, the fmc screens,
 * slots, worklists, uploads) send their calls through ofetch, for its JSON both ways, its retries and its errors. The
 * shell's few calls before them (sign-in, home, the inbox's count, saved views, preferences) keep client.ts's plain
 * fetch: the first load has no room for a library (src/client/api/first-load.test.ts, `npm run bench -- --browser`).
 *
 * The same policy as client.ts: a read is tried again twice, after 300 ms and 900 ms, when the network fails or a
 * proxy answers 502, 503 or 504, and also after a 500 (ofetch counts a failed connection as one, and a read asked
 * again does no harm); a write never is (a version check makes a repeated edit 409, which the user is shown). A
 * refusal becomes the API's error (client.ts raise), and a refusal asking for a fresh proof goes through the step-up
 * dialog once (withStepUp).
 */
const READ_RETRY_DELAYS = [300, 900];
const transport = ofetch.create({ retryStatusCodes: [500, 502, 503, 504] });

async function callOnce<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const retry = method === 'GET' ? READ_RETRY_DELAYS.length : 0;
  try {
    return await transport<T>(url, {
      method: method as 'GET', signal, retry,
      body: body as Record<string, unknown> | Blob | undefined,
      // ofetch counts the retries left down: the first retry waits the first delay.
      retryDelay: (ctx) => READ_RETRY_DELAYS[READ_RETRY_DELAYS.length - Number(ctx.options.retry)] ?? 0,
      headers: { Accept: 'application/json', ...bearer() },
    });
  } catch (err) {
    if (signal?.aborted) throw err; // cancelled on purpose: not a failure anyone is shown
    if (!(err instanceof FetchError)) throw err;
    throw raise(err.status ?? 0, (err.data as { errors?: ErrorItem[] } | null | undefined)?.errors);
  }
}

const call = <T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> => withStepUp(() => callOnce<T>(method, url, body, signal));

/** The data layer's calls: the same shape as client.ts `http`. */
export const http = callsOver(call);

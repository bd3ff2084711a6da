import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open, and how long a request's headers may take to arrive.
 *
 * Node closes an idle connection after 5 s. A client that keeps connections (a browser, Playwright's request
 * context, a load balancer) may send its next request on one just as the console closes it, and reads ECONNRESET;
 * on a busy machine the two ends' clocks drift apart by more than the hint in the Keep-Alive header covers. The
 * console keeps idle connections longer than the usual proxies' 60 s, so the client's side closes first, and gives
 * headers a little longer still (Node requires headersTimeout above keepAliveTimeout, else a slow header is cut).
 */
export const KEEP_ALIVE_MS = 65_000;
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_MS + 1_000;

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}

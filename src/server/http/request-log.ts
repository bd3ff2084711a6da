import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { setOnAnswer, type AppEnv } from './index';
import { logger } from '../ops/logger';
import { httpRequestSeconds } from '../ops/metrics';

/**
 * A request id the client (or a proxy in front) sent is kept when it is short and plain, so one id follows a request
 * through the proxy's log and ours; anything else (long, or with characters a log reader could trip on) is replaced.
 */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const requestIdOf = (sent: string | undefined) => (sent && SANE_ID.test(sent) ? sent : randomUUID());

/**
 * The route template that answered (`/api/patients/:id`), never the address itself: an address holds record ids and
 * a query holds what was searched for (a patient's name). The handler that answered is the route the request
 * reached; when a middleware answered first (a 401 before the handler), the handler it was on its way to. Hono's
 * middleware take `next`, handlers do not; a catch-all handler (`/api/*`) names the addresses no route serves.
 */
export function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  const reached = c.req.routeIndex ?? 0;
  const handler = routes.slice(reached).find((r) => r.method !== 'ALL' || r.handler.length < 2) ?? routes[reached];
  return handler?.path ?? 'unmatched';
}

/**
 * One JSON line per request (logger.ts), and its duration in the metrics: the request id (also on the answer, as
 * x-request-id), method, route template, status, duration in ms and the signed-in user's id. Nothing else of the
 * request: no address or query, no body, no header (a token), no name.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header('x-request-id'));
    c.set('requestId', requestId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routeTemplate(c);
    const status = c.res.status;
    setOnAnswer(c, 'x-request-id', requestId);
    httpRequestSeconds.observe({ method: c.req.method, route, status: String(status) }, seconds);
    const line = { requestId, method: c.req.method, route, status, ms: Math.round(seconds * 10_000) / 10, userId: c.get('user')?.id };
    if (status >= 500) logger.error(line, 'request');
    else logger.info(line, 'request');
  };
}

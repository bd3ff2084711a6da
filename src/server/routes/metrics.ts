import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';
import { logger, scrub } from '../ops/logger';
import { readOutboxFigures, registry, startDefaultMetrics } from '../ops/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compared as digests, in constant time: how long the comparison takes says nothing about how much of a guess was right. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return !!sent && timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics, for a Prometheus scraper holding METRICS_TOKEN (`authorization: Bearer …`). Without METRICS_TOKEN
 * the console has no metrics: 404, as for any path it does not serve. With it, a missing or wrong token is 401:
 * the path is documented (no secret to keep by a 404), and an operator wiring a scraper then reads "wrong token",
 * not "wrong address". Never a session token: the figures are the operator's, not a staff role's.
 */
describeCalls({
  'GET /metrics': {
    summary: "The console's figures in Prometheus' text format, for the bearer of METRICS_TOKEN (without the setting: 404, as an address not served)",
    ok: { status: 200, type: 'text/plain' }, refuses: [401, 404],
  },
});

export function metricsHandler() {
  startDefaultMetrics();
  return async (c: Context<AppEnv>) => {
    const token = c.get('config').metricsToken;
    if (!token) return c.json({ errors: [{ message: 'There is no such call', code: 'not_found' }] }, 404);
    if (!tokenMatches(c.req.header('authorization'), token)) {
      return c.json({ errors: [{ message: 'The metrics token is missing or wrong', code: 'unauthorized' }] }, 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    // The other figures are worth most when the database is in trouble: they are answered without the outbox's.
    await readOutboxFigures(c.get('db')).catch((err: Error) => logger.warn(`metrics: the outbox could not be read: ${scrub(err.message)}`));
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  };
}

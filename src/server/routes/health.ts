import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppEnv } from '../http';
import { describeCalls } from '../http/call-docs';
import { MIGRATIONS } from '../migrations/migrate';
import { scrub } from '../ops/logger';
import type { Lifecycle } from '../ops/shutdown';


/** A readiness probe answers within this, whatever the database is doing: a database this slow to answer is not ready. */
const READY_WITHIN_MS = 5_000;

type Verdict = { ready: true } | { ready: false; reason: string };

/** Whether the database answers and has every migration this code knows. */
async function databaseVerdict(db: AppEnv['Variables']['db']): Promise<Verdict> {
  let applied: string[];
  try {
    applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === '42P01') return { ready: false, reason: 'The database has no migrations applied' };
    return { ready: false, reason: `The database does not answer: ${scrub(e.message ?? String(err))}` };
  }
  const pending = Object.keys(MIGRATIONS).filter((name) => !applied.includes(name));
  return pending.length ? { ready: false, reason: `Migrations not applied: ${pending.join(', ')}` } : { ready: true };
}

function within(ms: number, check: Promise<Verdict>): Promise<Verdict> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Verdict>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `The database did not answer within ${ms / 1000} s` }), ms);
    timer.unref();
  });
  return Promise.race([check, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /health/live: the process answers (a load balancer or orchestrator restarts it when it does not).
 * GET /health/ready: it should be sent requests: the database answers, with every migration applied, and no shutdown
 * has begun; 503 with the reason otherwise. Both JSON, no session, never cached; other /health paths are 404.
 */
const ok = z.strictObject({ status: z.literal('ok') });
describeCalls({
  'GET /health/live': { summary: 'Liveness: the process answers', ok: { status: 200, schema: ok } },
  'GET /health/ready': {
    summary: 'Readiness: the database answers, its migrations are all applied, and no shutdown has begun', ok: { status: 200, schema: ok },
    otherwise: { status: 503, description: 'Not ready, and why', schema: z.strictObject({ status: z.literal('unavailable'), reason: z.string() }) },
  },
});

export function healthRoutes(lifecycle: Lifecycle): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.get('/live', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    const verdict: Verdict = lifecycle.stopping ? { ready: false, reason: 'The console is shutting down' } : await within(READY_WITHIN_MS, databaseVerdict(c.get('db')));
    return verdict.ready ? c.json({ status: 'ok' }) : c.json({ status: 'unavailable', reason: verdict.reason }, 503);
  });
  app.all('*', (c) => c.json({ errors: [{ message: 'There is no such call', code: 'not_found' }] }, 404));
  return app;
}

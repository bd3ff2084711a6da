import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { can, type Role } from '../../registry';
import { auditEvent } from '../audit/audit';
import { fail, fieldErrors, forbidden, recordIdParam, type AppEnv } from '../http';
import { dataOf, describeCalls, isoTime, rolesMay } from '../http/call-docs';
import { cancelRun, jobNames, retryRun } from '../scheduler/runs';
import { RULE_JOB, ruleRunsKeyPrefix } from '../scheduler/job-names';

/**
 * The scheduler's runs (scheduler/README.md), newest first:
 *   GET  /api/system/runs?job=&state=&rule=&limit=
 *        → { data: [{ id, job, key, state, dueAt, startedAt, finishedAt, attempts, maxAttempts, messages, lastError }], jobs: [name] }
 *          (`jobs`: every job this process knows, for the screen's filter; `rule`: one rule's runs, its page's last ones
 *          with a `limit`)
 *   POST /api/system/runs/:id/retry     a failed or cancelled run queued again, due now    (404: none such)
 *   POST /api/system/runs/:id/cancel    a queued or running run stopped                      (404: none such)
 * Each retry and cancel is in the audit trail (entity `system`).
 */
const LIMIT = 500;
const filters = z.strictObject({
  job: z.string().trim().min(1).max(80).optional(),
  state: z.enum(['queued', 'running', 'done', 'failed', 'cancelled']).optional(),
  rule: z.string().regex(/^[1-9][0-9]{0,9}$/).transform(Number).optional(),
  limit: z.string().regex(/^[1-9][0-9]{0,2}$/).transform(Number).pipe(z.number().max(LIMIT)).optional(),
});

const count = z.number().int().min(0);
const runsAnswer = z.strictObject({
  data: z.array(z.strictObject({
    id: z.number().int(), job: z.string(), key: z.string(), state: filters.shape.state.unwrap(), dueAt: isoTime, startedAt: isoTime.nullable(), finishedAt: isoTime.nullable(),
    attempts: count, maxAttempts: count, messages: count, lastError: z.string().nullable(),
  })),
  jobs: z.array(z.string()),
});

describeCalls({
  'GET /api/system/runs': {
    summary: `The durable runs (campaigns, reminders, follow-ups, rules), newest first (${LIMIT} at most, or \`limit\`), by job, state and rule; and the jobs there are`,
    roles: rolesMay('runs', 'list'), query: Object.keys(filters.shape), ok: { status: 200, schema: runsAnswer },
  },
  'POST /api/system/runs/{id}/retry': {
    summary: 'Run a failed or cancelled run again', roles: rolesMay('runs', 'retry'), ok: { status: 200, schema: dataOf(z.strictObject({ id: z.number().int(), retried: z.literal(true) })) }, refuses: [404],
  },
  'POST /api/system/runs/{id}/cancel': {
    summary: 'Cancel a run that has not finished', roles: rolesMay('runs', 'cancel'), ok: { status: 200, schema: dataOf(z.strictObject({ id: z.number().int(), cancelled: z.literal(true) })) }, refuses: [404],
  },
});

export function runRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The policy's `runs` row (the superadmin's): every campaign and, later, every reminder passes through runs.
  const may = (role: Role, action: 'list' | 'retry' | 'cancel') => { if (!can(role, 'runs', action)) throw forbidden(); };

  app.get('/system/runs', async (c) => {
    may(c.get('user').role, 'list');
    const q = filters.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!q.success) throw fieldErrors(q.error.issues);
    const { job, state, rule, limit } = q.data;
    const rows = await sql<Record<string, unknown>>`select id, job, key, state, due_at as "dueAt", started_at as "startedAt", finished_at as "finishedAt",
        attempts, max_attempts as "maxAttempts", messages, last_error as "lastError"
      from job_run where true ${job ? sql`and job = ${job}` : sql``} ${state ? sql`and state = ${state}` : sql``}
        ${rule ? sql`and job = ${RULE_JOB} and key like ${`${ruleRunsKeyPrefix(rule)}%`}` : sql``}
      order by id desc limit ${limit ?? LIMIT}`.execute(c.get('db'));
    return c.json({ data: rows.rows.map((r) => ({ ...r, id: Number(r.id) })), jobs: jobNames() });
  });

  for (const action of ['retry', 'cancel'] as const) {
    app.post(`/system/runs/:id/${action}`, async (c) => {
      const me = c.get('user');
      may(me.role, action);
      const id = recordIdParam(c);
      const db = c.get('db');
      const done = await db.transaction().execute(async (tx) => {
        const moved = action === 'retry' ? await retryRun(tx, id) : await cancelRun(tx, { id });
        if (moved) await auditEvent(tx, me, 'system', 'update', { run: id, [action]: true });
        return moved;
      });
      if (!done) throw fail(404, 'This record does not exist', { code: 'not_found' });
      return c.json({ data: { id, [action === 'retry' ? 'retried' : 'cancelled']: true } });
    });
  }
  return app;
}

import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { entityByName, type LogRow } from '../../registry';
import { fail, type AppEnv, type Ctx } from '../http';
import { describeCalls, isoTime, rolesOfScreen } from '../http/call-docs';
import { unitsOf } from './log-units';
import { addDays, centresOf, refTitles, dayParam, dayStart, guardScreen, idParam, parseCursor, parseQuery, titlesOf, tzParam } from '../screens/screen-query';

/**
 * GET /api/fmc/fmclogs?actor=&fmc=&entity=&record=&from=&to=&action=&reads=&import=&bulk=&cursor=&limit=&tz= → the audit log, newest first,
 * keyset-paged on (at, id). Each row names its actor (admin users, one query a page) and its record's title while
 * the record exists (one query per entity a page, never one per row). The log is append-only: this file serves
 * reads, and no call writes, edits or deletes its rows.
 *
 * The index-backed filters (the caller's centres, actor, a record, the date range, the cursor) narrow the walk
 * through an index of audit_log; the others (an action, an entity without a record) have no index of their own,
 * so they are checked on at most WALK rows of that walk per call.
 *
 * The log holds every read of patient data (audit/audit.ts), which far outnumber changes; the activity log shows the
 * changes unless `reads=1` asks for the reads too (the patient access report serves who looked at one patient).
 * Changes alone walk their own partial index (migration 0018). A page can then hold fewer rows than asked,
 * with a cursor to walk on (`partial: true`): no call reads the whole log, however large it grows.
 */
export const WALK = 5_000;
const PAGE = 50;
/** Every read entry's action starts so (read_list, read_pick, read_export…): see audit/audit.ts. */
const READ = 'read';

const nameParam = (what: string, pattern: RegExp) => z.string().max(80).regex(pattern, `Give ${what}`);

interface Raw { id: number; at: string; key: string; actor_id: number | null; entity: string; record_id: number | null; action: string; changes: Record<string, unknown> | null; address: string | null; fmc: number | null; walked: number | null }

const logQuery = z.strictObject({
  actor: idParam.optional(),
  fmc: idParam.optional(),
  entity: nameParam('an entity name', /^[A-Za-z][A-Za-z0-9_-]*$/).optional(),
  record: idParam.optional(),
  action: nameParam('an action such as update or transition:complete', /^[a-z][a-z_-]*(:[A-Za-z][A-Za-z0-9_]*)?$/).optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.string().regex(/^\d{1,3}$/, 'Give a number of rows from 1 to 100').transform(Number).refine((n) => n >= 1 && n <= 100, 'Give a number of rows from 1 to 100').optional(),
  reads: z.enum(['0', '1']).optional(),
  import: idParam.optional(),
  bulk: idParam.optional(),
  tz: tzParam,
});

describeCalls({
  'GET /api/fmc/fmclogs': {
    summary: 'The activity log: who did what to which record, from where, newest first; a page, the titles its changes name, and the cursor to walk on (`partial`: a page cut short by the walk)',
    roles: rolesOfScreen('fmclogs'), query: Object.keys(logQuery.shape),
    ok: {
      status: 200,
      schema: z.strictObject({
        data: z.array(z.strictObject({
          id: z.number().int(), at: isoTime, actor: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(), entity: z.string(),
          record: z.strictObject({ id: z.number().int(), title: z.string().nullable() }).nullable(), action: z.string(), changes: z.record(z.string(), z.unknown()).nullable(),
          address: z.string().nullable(), fmc: z.number().int().nullable(),
          unit: z.strictObject({
            kind: z.enum(['import', 'bulk']), id: z.number().int(), state: z.string(), counts: z.record(z.string(), z.number()),
            op: z.enum(['set', 'delete']).optional(), field: z.string().nullable().optional(), undoUntil: isoTime.nullable(),
          }).optional(),
        }) satisfies z.ZodType<LogRow>),
        titles: z.record(z.string(), z.record(z.string(), z.string())), nextCursor: z.string().nullable(), partial: z.boolean(),
      }),
    },
  },
});

/** Whether an import's and a bulk action's rows stay folded under their unit's entry: no filter names what only a row says. */
const foldsUnits = (q: { record?: number; fmc?: number; action?: string }) =>
  q.record === undefined && q.fmc === undefined && (q.action === undefined || q.action === 'import' || q.action === 'bulk');

async function fmcLogs(c: Ctx) {
  guardScreen(c, 'fmclogs');
  const q = parseQuery(c, logQuery);
  if (q.import !== undefined && q.bulk !== undefined) throw fail(400, 'Name an import or a bulk action, not both', { field: 'bulk', code: 'one_unit' });
  if (q.record !== undefined && q.entity === undefined) throw fail(400, 'A record is named with its entity', { field: 'record', code: 'entity_required' });
  if (q.from && q.to && q.from > q.to) throw fail(400, 'The range must start on or before its end', { field: 'from', code: 'invalid_range' });
  const db = c.get('db');
  const size = q.limit ?? PAGE;
  const cursor = parseCursor(q.cursor, 'time');
  const centres = await centresOf(c);

  const indexed: RawBuilder<unknown>[] = [
    ...(q.reads === '1' || q.action?.startsWith(READ) ? [] : [sql`t.action not like ${READ + '%'}`]),
    ...(centres ? [sql`t.fmc = any(${centres}::int[])`] : []),
    ...(q.actor !== undefined ? [sql`t.actor_id = ${q.actor}`] : []),
    ...(q.fmc !== undefined ? [sql`t.fmc = ${q.fmc}`] : []),
    ...(q.record !== undefined ? [sql`t.entity = ${q.entity}`, sql`t.record_id = ${q.record}`] : []),
    ...(q.from ? [sql`t.at >= ${dayStart(q.from, q.tz)}`] : []),
    ...(q.to ? [sql`t.at < ${dayStart(addDays(q.to, 1), q.tz)}`] : []),
    ...(cursor ? [sql`(t.at, t.id) < (${cursor.at}::timestamptz, ${cursor.id})`] : []),
    // One import's or bulk action's rows (their index, migration 0047); else those rows are folded under the unit's
    // one entry, unless the filters ask for what the unit's entry does not say (a record, a centre, another action).
    ...(q.import !== undefined ? [sql`t.changes ? 'import'`, sql`(t.changes ->> 'import')::int = ${q.import}`]
      : q.bulk !== undefined ? [sql`t.changes ? 'bulk'`, sql`(t.changes ->> 'bulk')::int = ${q.bulk}`]
        : foldsUnits(q) ? [sql`not coalesce(t.changes ?| array['import', 'bulk'], false)`] : []),
  ];
  const checked: RawBuilder<unknown>[] = [
    ...(q.action ? [sql`t.action = ${q.action}`] : []),
    ...(q.entity && q.record === undefined ? [sql`t.entity = ${q.entity}`] : []),
  ];
  const whereOf = (parts: RawBuilder<unknown>[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);
  // The key keeps the microseconds of `at`: a cursor then names its row exactly, so pages neither repeat nor skip.
  const cols = sql`t.id, t.at, to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key, t.actor_id, t.entity, t.record_id, t.action, t.changes, t.address, t.fmc`;

  let raws: Raw[];
  let walkedTo: Raw | undefined;
  if (!checked.length) {
    raws = (await sql<Raw>`select ${cols}, null::int as walked from audit_log t ${whereOf(indexed)} order by t.at desc, t.id desc limit ${size + 1}`.execute(db)).rows;
  } else {
    // The walk, and its oldest row with how many rows it read: where the next call walks on from.
    const res = await sql<Raw>`with walked as materialized (select ${cols} from audit_log t ${whereOf(indexed)} order by t.at desc, t.id desc limit ${WALK})
      (select t.*, null::int as walked from walked t ${whereOf(checked)} order by t.at desc, t.id desc limit ${size + 1})
      union all
      (select t.*, (select count(*) from walked)::int as walked from walked t order by t.at asc, t.id asc limit 1)`.execute(db);
    raws = res.rows.filter((r) => r.walked === null);
    const edge = res.rows.find((r) => r.walked !== null);
    if (edge && edge.walked! >= WALK) walkedTo = edge;
  }
  const more = raws.length > size;
  const page = raws.slice(0, size);
  const next = more ? page[page.length - 1] : walkedTo;

  const actors = await titlesOf(db, 'admin-user', page.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])));
  const titles = new Map<string, Map<number, string>>();
  for (const entity of new Set(page.map((r) => r.entity))) {
    const def = entityByName(entity);
    if (def) titles.set(entity, await titlesOf(db, def, page.filter((r) => r.entity === entity && r.record_id !== null).map((r) => r.record_id!)));
  }
  const units = await unitsOf(db, page);
  const data: LogRow[] = page.map((r) => ({
    id: r.id,
    at: r.at,
    actor: r.actor_id === null ? null : { id: r.actor_id, name: actors.get(r.actor_id) ?? `#${r.actor_id}` },
    entity: r.entity,
    record: r.record_id === null ? null : { id: r.record_id, title: titles.get(r.entity)?.get(r.record_id) ?? null },
    action: r.action,
    changes: r.changes,
    address: r.address,
    fmc: r.fmc,
    ...(units.has(r.id) ? { unit: units.get(r.id) } : {}),
  }));
  return c.json({ data, titles: await refTitles(db, c.get('user').role, page), nextCursor: next ? JSON.stringify([next.key, next.id]) : null, partial: !more && !!walkedTo });
}

/** Who may read the log reads it; there is no call to write it (POST, PUT and DELETE fall through to 404). */
export function fmcLogRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/fmc/fmclogs', fmcLogs);
  return app;
}

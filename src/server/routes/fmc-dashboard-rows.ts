import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { canReadRecord, DASHBOARD_TILE_ROWS, DASHBOARD_TILES, getEntity, type EntityDef } from '../../registry';
import type { AppEnv, Ctx } from '../http';
import { dataOf, describeCalls, recordAnswer, rolesOfScreen } from '../http/call-docs';
import { selectList, toRecord } from '../records/columns';
import { attachLabels } from '../records/labels';
import { auditReads } from '../audit/audit';
import { addDays, centresOf, column, dayStart, guardScreen, idParam, inCentres, parseQuery, table, todayIn, tzParam } from '../screens/screen-query';

/**
 * GET /api/fmc/dashboard/rows?tile=&fmc=&tz= → the rows a figure of the fmc dashboard counts (registry
 * DASHBOARD_TILES), under the dashboard's own guard and centres, read by the same conditions as its count
 * (fmc-screens.ts): today's appointments, today's open slots with places left, the patients seen today (their latest
 * completed appointment), the open and in-progress support tickets. The first DASHBOARD_TILE_ROWS rows, in the
 * tile's columns only; a reference to records the caller may not read is left out (a patient's name for fmc staff).
 * Reading appointments is reading patient data: logged as read_dashboard.
 */
const TILE_IDS = DASHBOARD_TILES.map((t) => t.id) as [string, ...string[]];

/** The rows of each tile, newest or soonest first, `limit` of them, with their full select list (alias t). */
const READS: Record<string, (a: { def: EntityDef; centres: number[] | null; today: string; tz: string; limit: number }) => RawBuilder<Record<string, unknown>>> = {
  appointmentsToday: ({ def, centres, today, tz, limit }) => sql`select ${selectList(def)} from ${table(def)} t
    where ${sql.join([
      sql`${column(def, 'scheduledAt')} >= ${dayStart(today, tz)}`, sql`${column(def, 'scheduledAt')} < ${dayStart(addDays(today, 1), tz)}`,
      ...inCentres(def, centres)], sql` and `)}
    order by ${column(def, 'scheduledAt')}, t.id limit ${limit}`,
  openSlots: ({ def, centres, today, limit }) => sql`select ${selectList(def)} from ${table(def)} t
    where ${sql.join([
      sql`${column(def, 'date')} = ${today}::date`, sql`${column(def, 'status')} = 'open'`,
      sql`coalesce(${column(def, 'booked')}, 0) < ${column(def, 'capacity')}`, ...inCentres(def, centres)], sql` and `)}
    order by ${column(def, 'startTime')}, t.id limit ${limit}`,
  patientsSeen: ({ def, centres, today, tz, limit }) => sql`select * from (
      select distinct on (${column(def, 'patient')}) ${selectList(def)} from ${table(def)} t
      where ${sql.join([
        sql`${column(def, 'status')} = 'completed'`,
        sql`${column(def, 'scheduledAt')} >= ${dayStart(today, tz)}`, sql`${column(def, 'scheduledAt')} < ${dayStart(addDays(today, 1), tz)}`,
        ...inCentres(def, centres)], sql` and `)}
      order by ${column(def, 'patient')}, ${column(def, 'scheduledAt')} desc, t.id desc) x
    order by "scheduledAt" desc, id desc limit ${limit}`,
  openTickets: ({ def, centres, limit }) => sql`select ${selectList(def)} from ${table(def)} t
    where ${sql.join([sql`${column(def, 'status')} = any(${['open', 'in_progress']}::text[])`, ...inCentres(def, centres)], sql` and `)}
    order by t.updated_at desc, t.id desc limit ${limit}`,
};

const rowsQuery = z.strictObject({ tile: z.enum(TILE_IDS), fmc: idParam.optional(), tz: tzParam });

describeCalls({
  'GET /api/fmc/dashboard/rows': {
    summary: `The records behind a dashboard tile (${DASHBOARD_TILE_ROWS} at most, \`truncated\` past them): the tile's columns the caller may read`,
    roles: rolesOfScreen('fmcDashboard'), query: Object.keys(rowsQuery.shape),
    ok: {
      status: 200,
      schema: dataOf(z.strictObject({
        tile: z.enum(TILE_IDS), entity: z.string(), today: z.string(), columns: z.array(z.string()), rows: z.array(recordAnswer), truncated: z.boolean(),
      })),
    },
    refuses: [404],
  },
});

async function tileRows(c: Ctx) {
  guardScreen(c, 'fmcDashboard');
  const q = parseQuery(c, rowsQuery);
  const tile = DASHBOARD_TILES.find((t) => t.id === q.tile)!;
  const def = getEntity(tile.entity);
  const role = c.get('user').role;
  const db = c.get('db');
  const centres = await centresOf(c, q.fmc);
  const today = await todayIn(c, q.tz);
  const read = await READS[tile.id]({ def, centres, today, tz: q.tz, limit: DASHBOARD_TILE_ROWS + 1 }).execute(db);
  const records = read.rows.slice(0, DASHBOARD_TILE_ROWS).map((r) => toRecord(def, r));
  await attachLabels(db, def, records);
  const columns: string[] = tile.columns.filter((field) => {
    const ref = def.fields[field]?.ref;
    return !ref || canReadRecord(role, ref);
  });
  const rows = records.map((r) => {
    const labels = (r._labels ?? {}) as Record<string, unknown>;
    return {
      id: r.id, version: r.version,
      ...Object.fromEntries(columns.map((f) => [f, r[f]])),
      _labels: Object.fromEntries(columns.filter((f) => f in labels).map((f) => [f, labels[f]])),
    };
  });
  await auditReads(db, c.get('user'), def, rows.map((r) => Number(r.id)), 'read_dashboard', { tile: tile.id });
  return c.json({ data: { tile: tile.id, entity: def.name, today, columns, rows, truncated: read.rows.length > DASHBOARD_TILE_ROWS } });
}

export function dashboardRowRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/fmc/dashboard/rows', tileRows);
  return app;
}

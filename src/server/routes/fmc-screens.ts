import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { getEntity } from '../../registry';
import { fail, type AppEnv, type Ctx } from '../http';
import { dataOf, describeCalls, rolesOfScreen } from '../http/call-docs';
import { fmcLogRoutes } from './fmc-logs';
import { drPatientRoutes } from './fmc-drpatient';
import { dashboardRowRoutes } from './fmc-dashboard-rows';
import { addDays, centresOf, guardScreen, column as colOf, dayParam, dayStart, idParam, inCentres, parseQuery, table, textParam, todayIn, tzParam } from '../screens/screen-query';
import { dayCounts, docContains, keepsZone, keptPatientsSeen } from '../search';
import type { DB } from '../db/connection';

/**
 * The fmc operations screens (registry SCREENS), each guarded by its policy row and kept to the caller's centres:
 *   GET /api/fmc/dashboard?fmc=&tz=                    today's figures and a 30-day series
 *   GET /api/fmc/dashboard/rows?tile=&fmc=&tz=         the rows a figure counts (fmc-dashboard-rows.ts)
 *   GET /api/fmc/drpatient?doctor=&q=&cursor=&limit=   patients each doctor has seen (fmc-drpatient.ts)
 *   GET /api/fmc/medprescribed?from=&to=&q=&sort=&tz=  medicines on completed appointments' prescriptions
 *   GET /api/fmc/fmclogs?…                              the audit log (fmc-logs.ts); read-only, no write call exists
 * Every query reads an index range of the appointments table (status, fmc or doctor with scheduledAt): none reads
 * the whole table, however many years of appointments it holds.
 */
const appointments = () => getEntity('appointments');
const a = (field: string) => colOf(appointments(), field);

/**
 * Appointments a day by status counted from the appointments, for a time zone whose days are not kept as counts
 * (search/day-counts.ts). One index range a day, counted by status: status = any(every status) lets the (status,
 * scheduledAt) index answer for all centres, the (fmc, scheduledAt) index one centre's. Counting a day's range is
 * cheaper than grouping every row of the 30 days by its local day.
 */
async function countedByDay(db: DB, tz: string, first: string, today: string, centres: number[] | null) {
  const statuses = appointments().fields.status.values!;
  const where = sql.join([
    sql`${a('status')} = any(${[...statuses]}::text[])`,
    sql`${a('scheduledAt')} >= (d::date::timestamp at time zone ${tz})`,
    sql`${a('scheduledAt')} < ((d::date + 1)::timestamp at time zone ${tz})`,
    ...inCentres(appointments(), centres),
  ], sql` and `);
  return (await sql<{ day: string; status: string; n: number }>`
    select to_char(d, 'YYYY-MM-DD') as day, x.status, x.n
    from generate_series(${first}::date, ${today}::date, interval '1 day') as d
    cross join lateral (select ${a('status')} as status, count(*)::int as n from ${table(appointments())} t where ${where} group by 1) as x`.execute(db)).rows;
}

/** Days of the series: today and the 29 before it. */
export const SERIES_DAYS = 30;

/** Counting stops here (support tickets): a figure on a card, not an audit. */
const TICKET_CAP = 1_000;

const dashboardQuery = z.strictObject({ fmc: idParam.optional(), tz: tzParam });
const count = z.number().int().min(0);
const dashboardAnswer = dataOf(z.strictObject({
  today: z.string(), fmc: z.number().int().nullable(), centres: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  appointmentsToday: z.strictObject({ total: count, byStatus: z.record(z.string(), count) }),
  openSlotsToday: z.strictObject({ slots: count, places: count }),
  patientsSeen: z.strictObject({ today: count, last30Days: count }),
  openTickets: z.strictObject({ total: count, open: count, inProgress: count, capped: z.boolean() }),
  series: z.array(z.strictObject({ day: z.string(), appointments: count, completed: count, missed: count })).length(SERIES_DAYS),
}));

async function dashboard(c: Ctx) {
  guardScreen(c, 'fmcDashboard');
  const q = parseQuery(c, dashboardQuery);
  const db = c.get('db');
  const centres = await centresOf(c, q.fmc);
  const today = await todayIn(c, q.tz);
  const first = addDays(today, -(SERIES_DAYS - 1));
  const from = dayStart(first, q.tz);
  const until = dayStart(addDays(today, 1), q.tz);
  const where = (extra: ReturnType<typeof sql>[]) => sql.join([...extra, ...inCentres(appointments(), centres)], sql` and `);
  const statuses = appointments().fields.status.values!;

  const zoneKept = await keepsZone(db, q.tz);
  const byDay = zoneKept
    ? await dayCounts(db, q.tz, first, today, centres)
    : await countedByDay(db, q.tz, first, today, centres);

  // Kept for every centre and for each one (search/patients-seen.ts); a caller's several centres share patients, so
  // theirs are counted from the appointments of the 30 days.
  const kept = zoneKept && (centres === null || centres.length === 1);
  const seen = kept
    ? await keptPatientsSeen(db, q.tz, centres?.[0] ?? 0, { first, today, from, todayStart: dayStart(today, q.tz), until })
    : (await sql<{ today: number; last30: number }>`
    select count(distinct ${a('patient')}) filter (where ${a('scheduledAt')} >= ${dayStart(today, q.tz)})::int as today,
           count(distinct ${a('patient')})::int as last30
    from ${table(appointments())} t
    where ${where([sql`${a('status')} = 'completed'`, sql`${a('scheduledAt')} >= ${from}`, sql`${a('scheduledAt')} < ${until}`])}`.execute(db)).rows[0];

  const slots = getEntity('fmcslots');
  const s = (field: string) => colOf(slots, field);
  const open = await sql<{ slots: number; places: number }>`
    select count(*)::int as slots, coalesce(sum(${s('capacity')} - coalesce(${s('booked')}, 0)), 0)::int as places
    from ${table(slots)} t
    where ${sql.join([sql`${s('date')} = ${today}::date`, sql`${s('status')} = 'open'`, sql`coalesce(${s('booked')}, 0) < ${s('capacity')}`, ...inCentres(slots, centres)], sql` and `)}`.execute(db);

  // Each status counted on its own (index range of (status, id)), each stopping at the cap.
  const tickets = getEntity('supportTicket');
  const tk = (field: string) => colOf(tickets, field);
  const ticketCount = async (status: string) => (await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from ${table(tickets)} t
      where ${sql.join([sql`${tk('status')} = ${status}`, ...inCentres(tickets, centres)], sql` and `)}
      limit ${TICKET_CAP + 1}) x`.execute(db)).rows[0].n;
  const [openCount, inProgress] = [await ticketCount('open'), await ticketCount('in_progress')];

  const series = Array.from({ length: SERIES_DAYS }, (_, i) => ({ day: addDays(first, i), appointments: 0, completed: 0, missed: 0 }));
  const byStatus: Record<string, number> = Object.fromEntries(statuses.map((st) => [st, 0]));
  for (const r of byDay) {
    const point = series.find((p) => p.day === r.day);
    if (!point) continue;
    point.appointments += r.n;
    if (r.status === 'completed') point.completed += r.n;
    if (r.status === 'missed') point.missed += r.n;
    if (r.day === today) byStatus[r.status] = r.n;
  }
  const openTickets = openCount + inProgress;

  return c.json({
    data: {
      today,
      fmc: q.fmc ?? null,
      centres: await centreChoices(c, q.fmc),
      appointmentsToday: { total: series[series.length - 1].appointments, byStatus },
      openSlotsToday: { slots: open.rows[0]?.slots ?? 0, places: open.rows[0]?.places ?? 0 },
      patientsSeen: { today: seen?.today ?? 0, last30Days: seen?.last30 ?? 0 },
      openTickets: {
        total: Math.min(openTickets, TICKET_CAP), open: Math.min(openCount, TICKET_CAP), inProgress: Math.min(inProgress, TICKET_CAP),
        capped: openCount > TICKET_CAP || inProgress > TICKET_CAP || openTickets > TICKET_CAP,
      },
      series,
    },
  });
}

/**
 * The centres the picker offers: a scoped user's own (a handful), by name. Superadmins choose among every
 * centre through the fmc picker (GET /api/fmc/options), so only the chosen one is named here.
 */
async function centreChoices(c: Ctx, asked: number | undefined): Promise<{ id: number; name: string }[]> {
  const fmc = getEntity('fmc');
  const ids = (await centresOf(c)) ?? (asked ? [asked] : []);
  if (!ids.length) return [];
  const res = await sql<{ id: number; name: string }>`select t.id, ${colOf(fmc, 'name')} as name from ${table(fmc)} t where t.id = any(${ids}::int[]) order by 2, 1`.execute(c.get('db'));
  return res.rows;
}

/** The widest range the prescriptions report reads at once: a quarter of a year of completed appointments. */
export const MAX_RANGE_DAYS = 92;

const MED_SORTS = ['name', 'times', 'patients', 'lastPrescribed'] as const;

const medQuery = z.strictObject({
  from: dayParam.optional(), to: dayParam.optional(), q: textParam.optional(), tz: tzParam, fmc: idParam.optional(),
  sort: z.string().regex(new RegExp(`^(${MED_SORTS.join('|')}):(asc|desc)$`), `Sort by ${MED_SORTS.join(', ')} with :asc or :desc`).default('times:desc'),
});
const medAnswer = z.strictObject({
  data: z.array(z.strictObject({ medicine: z.number().int(), name: z.string(), times: count, patients: count, lastPrescribed: z.string() })),
  from: z.string(), to: z.string(), total: count, truncated: z.boolean(),
});

async function medPrescribed(c: Ctx) {
  guardScreen(c, 'medprescribed');
  const q = parseQuery(c, medQuery);
  const db = c.get('db');
  const centres = await centresOf(c, q.fmc);
  const today = await todayIn(c, q.tz);
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw fail(400, 'The range must start on or before its end', { field: 'from', code: 'invalid_range' });
  if (addDays(from, MAX_RANGE_DAYS - 1) < to) throw fail(400, `Choose at most ${MAX_RANGE_DAYS} days`, { field: 'to', code: 'range_too_long' });

  const medicine = getEntity('medicine');
  // The search narrows the aggregate (one row per medicine prescribed), each row checked by its search row's key.
  const named = q.q ? sql`where exists (select 1 from search_index s where s.entity = ${medicine.name} and s.record_id = l.medicine and ${docContains(q.q, sql`s.doc`)})` : sql``;
  const [field, dir] = q.sort.split(':') as [typeof MED_SORTS[number], 'asc' | 'desc'];
  const order = { name: sql`m.name`, times: sql`l.times`, patients: sql`l.patients`, lastPrescribed: sql`l.last` }[field];
  const itemMedicine = sql`(line ->> 'medicine')::int`;
  const res = await sql<{ medicine: number; name: string | null; strength: string | null; times: number; patients: number; lastPrescribed: string; total: number }>`
    with lines as (
      select ${itemMedicine} as medicine, count(*)::int as times, count(distinct ${a('patient')})::int as patients, max(${a('scheduledAt')}) as last
      from ${table(appointments())} t cross join lateral jsonb_array_elements(coalesce(${a('prescription')}, '[]'::jsonb)) as line
      where ${sql.join([
        sql`${a('status')} = 'completed'`,
        sql`${a('scheduledAt')} >= ${dayStart(from, q.tz)}`,
        sql`${a('scheduledAt')} < ${dayStart(addDays(to, 1), q.tz)}`,
        ...inCentres(appointments(), centres),
      ], sql` and `)}
      group by 1)
    select l.medicine, ${colOf(medicine, 'name', 'm')} as name, ${colOf(medicine, 'strength', 'm')} as strength, l.times, l.patients, l.last as "lastPrescribed", count(*) over ()::int as total
    from lines l left join ${table(medicine)} m on m.id = l.medicine
    ${named}
    order by ${order} ${sql.raw(dir)} nulls last, l.medicine
    limit ${MED_ROWS}`.execute(db);
  const total = res.rows[0]?.total ?? 0;
  return c.json({
    data: res.rows.map((r) => ({
      medicine: r.medicine, name: r.name === null ? `#${r.medicine}` : [r.name, r.strength].filter(Boolean).join(' '),
      times: r.times, patients: r.patients, lastPrescribed: r.lastPrescribed,
    })),
    from, to, total, truncated: total > res.rows.length,
  });
}

/** Rows of the prescriptions report: the formulary's most prescribed (or first by the chosen order). */
const MED_ROWS = 500;

describeCalls({
  'GET /api/fmc/dashboard': {
    summary: "The centre dashboard: today's appointments by status, open slots, patients seen, open tickets, and 30 days of appointments",
    roles: rolesOfScreen('fmcDashboard'), query: Object.keys(dashboardQuery.shape), ok: { status: 200, schema: dashboardAnswer }, refuses: [404],
  },
  'GET /api/fmc/medprescribed': {
    summary: `The medicines prescribed at completed appointments in a range (${MAX_RANGE_DAYS} days at most): how often, to how many patients, when last`,
    roles: rolesOfScreen('medprescribed'), query: Object.keys(medQuery.shape), ok: { status: 200, schema: medAnswer }, refuses: [404],
  },
});

export function fmcScreenRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/fmc/dashboard', dashboard);
  app.get('/fmc/medprescribed', medPrescribed);
  app.route('/', dashboardRowRoutes());
  app.route('/', drPatientRoutes());
  app.route('/', fmcLogRoutes());
  return app;
}

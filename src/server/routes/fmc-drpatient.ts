import { Hono } from 'hono';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { getEntity } from '../../registry';
import type { AppEnv, Ctx } from '../http';
import { describeCalls, isoTime, rolesOfScreen } from '../http/call-docs';
import { docContains, MATCH_COUNT_CAP, matchingIds } from '../search';
import { auditReads } from '../audit/audit';
import { centresOf, column, guardScreen, idParam, inCentres, pageOf, parseCursor, parseQuery, table, textParam, titlesOf } from '../screens/screen-query';

/**
 * GET /api/fmc/drpatient?doctor=<id|all>&q=&cursor=&limit= → the patients doctors have seen (completed
 * appointments) at the caller's centres: one row per (doctor, patient) with its visits and last visit, newest
 * last visit first, keyset-paged on that visit (its time and appointment id).
 *
 * No GROUP BY over the table: the appointments are read newest first through an index (doctor, status or fmc
 * with scheduledAt), and an appointment is a row of the answer when it is its pair's latest at these centres
 * (no later completed one of the same doctor and patient, checked through the patient's own appointments).
 * A page reads about as many appointments as it shows rows, times the visits per pair; the visits of the
 * page's pairs are then counted in one query.
 *
 * A doctor who opens it without `doctor` sees their own patients: the doctor record whose email is their
 * account's (if there is none, every doctor's at their centres). `doctor=all` asks for every doctor.
 */
const appointments = () => getEntity('appointments');
const a = (field: string, alias = 't') => column(appointments(), field, alias);

const PAGE = 50;

export interface DrPatientRow {
  doctor: { id: number; title: string };
  patient: { id: number; title: string };
  visits: number;
  lastVisit: string;
  appointment: number;
}

/** The doctor record of a doctor's account, by its email (doctor emails are unique, compared lower-cased). */
async function ownDoctorRecord(c: Ctx): Promise<number | null> {
  const user = c.get('user');
  if (user.role !== 'doctor' || !user.email) return null;
  const doctor = getEntity('doctor');
  const res = await sql<{ id: number }>`select t.id from ${table(doctor)} t where lower(${column(doctor, 'email')}) = lower(${user.email}) limit 1`.execute(c.get('db'));
  return res.rows[0]?.id ?? null;
}

const drPatientQuery = z.strictObject({
  doctor: z.union([z.literal('all'), idParam]).optional(),
  q: textParam.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.string().regex(/^\d{1,3}$/, 'Give a number of rows from 1 to 100').transform(Number).refine((n) => n >= 1 && n <= 100, 'Give a number of rows from 1 to 100').optional(),
});
const titled = z.strictObject({ id: z.number().int(), title: z.string() });

describeCalls({
  'GET /api/fmc/drpatient': {
    summary: "Each doctor's patients: a page of the last completed appointment of each doctor and patient, their visits, and the doctor asked for",
    roles: rolesOfScreen('drpatient'), query: Object.keys(drPatientQuery.shape),
    ok: {
      status: 200,
      schema: z.strictObject({
        data: z.array(z.strictObject({ appointment: z.number().int(), doctor: titled, patient: titled, visits: z.number().int().min(1), lastVisit: isoTime })),
        nextCursor: z.string().nullable(), doctor: titled.nullable(), ownDoctor: z.number().int().nullable(),
      }),
    },
  },
});

async function drPatient(c: Ctx) {
  guardScreen(c, 'drpatient');
  const q = parseQuery(c, drPatientQuery);
  const db = c.get('db');
  const size = q.limit ?? PAGE;
  const cursor = parseCursor(q.cursor, 'time');
  const centres = await centresOf(c);
  const own = await ownDoctorRecord(c);
  const doctor = q.doctor === 'all' ? null : (q.doctor ?? own);

  // The patients the search names: their ids while they are few, else each row's search text is checked.
  let patientWhere: RawBuilder<unknown>[] = [];
  if (q.q) {
    const ids = await matchingIds(db, 'patients', q.q, MATCH_COUNT_CAP);
    patientWhere = ids
      ? [sql`${a('patient')} = any(${ids}::int[])`]
      : [sql`exists (select 1 from search_index s where s.entity = 'patients' and s.record_id = ${a('patient')} and ${docContains(q.q, sql`s.doc`)})`];
  }
  const completed = (alias: string) => [sql`${a('status', alias)} = 'completed'`, ...inCentres(appointments(), centres, alias)];
  const where = [
    ...completed('t'),
    ...(doctor !== null ? [sql`${a('doctor')} = ${doctor}`] : []),
    ...patientWhere,
    ...(cursor ? [sql`(${a('scheduledAt')}, t.id) < (${cursor.at}::timestamptz, ${cursor.id})`] : []),
    sql`not exists (select 1 from ${table(appointments())} b where ${sql.join([
      sql`${a('patient', 'b')} = ${a('patient')}`, sql`${a('doctor', 'b')} = ${a('doctor')}`, ...completed('b'),
      sql`(${a('scheduledAt', 'b')}, b.id) > (${a('scheduledAt')}, t.id)`,
    ], sql` and `)})`,
  ];
  const res = await sql<{ appointment: number; doctor: number; patient: number; lastVisit: string }>`
    select t.id as appointment, ${a('doctor')} as doctor, ${a('patient')} as patient, ${a('scheduledAt')} as "lastVisit"
    from ${table(appointments())} t
    where ${sql.join(where, sql` and `)}
    order by ${a('scheduledAt')} desc, t.id desc
    limit ${size + 1}`.execute(db);
  const { rows, more } = pageOf(res.rows, size);

  const visits = new Map<string, number>();
  if (rows.length) {
    const counted = await sql<{ doctor: number; patient: number; n: number }>`
      select ${a('doctor')} as doctor, ${a('patient')} as patient, count(*)::int as n
      from ${table(appointments())} t
      where ${sql.join([sql`${a('patient')} = any(${rows.map((r) => r.patient)}::int[])`, ...completed('t')], sql` and `)}
      group by 1, 2`.execute(db);
    for (const r of counted.rows) visits.set(`${r.doctor}:${r.patient}`, r.n);
  }
  const doctors = await titlesOf(db, 'doctor', [...rows.map((r) => r.doctor), ...(doctor !== null ? [doctor] : [])]);
  const patients = await titlesOf(db, 'patients', rows.map((r) => r.patient));
  await auditReads(db, c.get('user'), appointments(), rows.map((r) => r.appointment), 'read_drpatient', q.q ? { q: q.q } : null);
  const last = rows[rows.length - 1];
  const data: DrPatientRow[] = rows.map((r) => ({
    appointment: r.appointment,
    doctor: { id: r.doctor, title: doctors.get(r.doctor) ?? `#${r.doctor}` },
    patient: { id: r.patient, title: patients.get(r.patient) ?? `#${r.patient}` },
    visits: visits.get(`${r.doctor}:${r.patient}`) ?? 1,
    lastVisit: r.lastVisit,
  }));
  return c.json({
    data,
    nextCursor: more && last ? JSON.stringify([last.lastVisit, last.appointment]) : null,
    doctor: doctor === null ? null : { id: doctor, title: doctors.get(doctor) ?? `#${doctor}` },
    ownDoctor: own,
  });
}

export function drPatientRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/fmc/drpatient', drPatient);
  return app;
}

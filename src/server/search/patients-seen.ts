import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The fmc dashboard's patients seen (distinct patients of completed appointments) in its 30 days and today, from
 * `appointment_patient_seen` and `appointment_seen_day_count` (migration 0026, kept by triggers in the transaction of
 * each write): for each zone kept with the day counts (day-counts.ts), centre (0: every centre) and patient, the local
 * day of their latest visit, and how many patients have it on each day. The patients seen from one day to another are
 * those whose latest visit lies between (a sum of a row a day), and those whose latest visit lies after it but who
 * were also seen between: a completed appointment dated after today is rare, so they are few, each checked on the
 * (patient, scheduled_at) index.
 */

/** A zone's rows of `appointment_patient_seen` as the appointments stand: what it must hold (the tests' check, and the fill). */
export const dueSeen = (zone: string) => sql`
  select ${zone}::text as zone, c.fmc, a.patient, (max(a.scheduled_at at time zone ${zone}))::date as day
  from appointment a cross join lateral (values (0), (a.fmc)) c(fmc)
  where a.status = 'completed' and c.fmc is not null and a.patient is not null
  group by 2, 3`;

/** Fills `zone` (added at start, under day-counts.ts's lock on the appointments) from the appointments. */
export async function fillSeen(db: DB, zone: string): Promise<void> {
  await sql`delete from appointment_patient_seen where zone = ${zone}`.execute(db);
  await sql`delete from appointment_seen_day_count where zone = ${zone}`.execute(db);
  await sql`insert into appointment_patient_seen (zone, fmc, patient, day) ${dueSeen(zone)}`.execute(db);
  await sql`insert into appointment_seen_day_count (zone, fmc, day, n)
    select zone, fmc, day, count(*)::int from appointment_patient_seen where zone = ${zone} and day is not null group by 1, 2, 3`.execute(db);
}

/** Local days of a kept zone, with the instants they start at (the ends of the range `from` … `until`). */
export interface SeenDays { first: string; today: string; from: RawBuilder<unknown>; todayStart: RawBuilder<unknown>; until: RawBuilder<unknown> }

/**
 * Patients seen from `first` to `today` and on `today` (local days of `zone`, which must be kept) at centre `fmc`
 * (0: every centre). Reads a row a day, and the patients whose latest visit is after `today`.
 */
export async function keptPatientsSeen(db: DB, zone: string, fmc: number, d: SeenDays): Promise<{ today: number; last30: number }> {
  const onDays = (first: string) => sql`(select coalesce(sum(n), 0) from appointment_seen_day_count
    where zone = ${zone} and fmc = ${fmc} and day >= ${first}::date and day <= ${d.today}::date)`;
  const seenLater = (from: RawBuilder<unknown>) => sql`(select count(*) from appointment_patient_seen s
    where s.zone = ${zone} and s.fmc = ${fmc} and s.day > ${d.today}::date and exists (select 1 from appointment a
      where a.patient = s.patient and a.status = 'completed' and (${fmc}::int = 0 or a.fmc = ${fmc}::int)
        and a.scheduled_at >= ${from} and a.scheduled_at < ${d.until}))`;
  const res = await sql<{ today: number; last30: number }>`select
    (${onDays(d.today)} + ${seenLater(d.todayStart)})::int as today,
    (${onDays(d.first)} + ${seenLater(d.from)})::int as last30`.execute(db);
  return res.rows[0];
}

import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The fmc dashboard's patients seen in 30 days and today (routes/fmc-screens.ts), kept instead of counted: a count of
 * the distinct patients of the completed appointments of 30 days read one index entry per visit, in proportion to the
 * table. A distinct count over a sliding window is not a sum of days' counts, but a count of
 * patients by the day of their latest visit is: a patient seen in the window whose latest visit is in it is counted
 * on that day, once.
 *
 * - `appointment_patient_seen`: for each zone of `appointment_day_zone`, each centre (`fmc`; 0 for every centre) and
 *   patient with a completed appointment, the local day of the latest (null once they have none).
 * - `appointment_seen_day_count`: for each zone, centre and day, how many patients have their latest visit that day.
 *
 * Statement triggers on `appointment` keep both in the transaction of every write that completes an appointment,
 * un-completes one, or moves a completed one (its day, centre or patient), whoever writes. For each patient touched
 * they first take the patient's row (an upsert, in key order: two writes on one patient take turns), then, in the
 * next statement (a fresh snapshot under READ COMMITTED: it sees what the other committed meanwhile), read the
 * patient's latest completed appointment from the (patient, scheduled_at) index and move the patient between days.
 * A write that touches no completed appointment only reads its transition tables. The zones are filled here and
 * when start adds one (search/day-counts.ts).
 */
export async function up(db: DB): Promise<void> {
  await sql`create table appointment_patient_seen (
    zone text not null, fmc integer not null, patient integer not null, day date,
    primary key (zone, fmc, patient))`.execute(db);
  await sql`create index appointment_patient_seen__day__ix on appointment_patient_seen (zone, fmc, day)`.execute(db);
  await sql`create table appointment_seen_day_count (
    zone text not null, fmc integer not null, day date not null, n integer not null,
    primary key (zone, fmc, day))`.execute(db);

  // The patients (and centres) of `source`'s rows, for each zone kept and for their centre and every centre (0).
  const keys = (source: string) => `select distinct z.zone, c.fmc, r.patient
    from (${source}) r cross join appointment_day_zone z cross join lateral (values (0), (r.fmc)) c(fmc)
    where c.fmc is not null and r.patient is not null`;
  const upkeep = (source: string) => `
    insert into appointment_patient_seen as s (zone, fmc, patient, day)
      select k.zone, k.fmc, k.patient, null::date from (${keys(source)}) k order by 1, 2, 3
      on conflict (zone, fmc, patient) do update set day = s.day;
    with fresh as (
      select s.zone, s.fmc, s.patient, s.day as was,
        (select (max(a.scheduled_at) at time zone s.zone)::date from appointment a
          where a.patient = s.patient and a.status = 'completed' and (s.fmc = 0 or a.fmc = s.fmc)) as latest
      from (${keys(source)}) k join appointment_patient_seen s on (s.zone, s.fmc, s.patient) = (k.zone, k.fmc, k.patient)),
    moved as (
      update appointment_patient_seen s set day = f.latest from fresh f
      where (s.zone, s.fmc, s.patient) = (f.zone, f.fmc, f.patient) and f.was is distinct from f.latest
      returning f.zone, f.fmc, f.was, f.latest)
    insert into appointment_seen_day_count (zone, fmc, day, n)
      select zone, fmc, day, sum(d)::int from (
        select zone, fmc, was as day, -1 as d from moved where was is not null
        union all select zone, fmc, latest, 1 from moved where latest is not null) x
      group by 1, 2, 3 having sum(d) <> 0 order by 1, 2, 3
      on conflict (zone, fmc, day) do update set n = appointment_seen_day_count.n + excluded.n;`;
  // Rows of an update that matter: completed before or after, and their patient, centre, day or status changed.
  const moved = (side: 'b' | 'a') => `select ${side}.patient, ${side}.fmc from before_rows b join after_rows a using (id)
    where ${side}.status = 'completed' and (b.patient, b.fmc, b.scheduled_at, b.status) is distinct from (a.patient, a.fmc, a.scheduled_at, a.status)`;
  await sql.raw(`create function appointment_seen_added() returns trigger language plpgsql as $$
    begin ${upkeep(`select patient, fmc from added where status = 'completed'`)} return null; end $$`).execute(db);
  await sql.raw(`create function appointment_seen_changed() returns trigger language plpgsql as $$
    begin ${upkeep(`${moved('b')} union all ${moved('a')}`)} return null; end $$`).execute(db);
  await sql.raw(`create function appointment_seen_removed() returns trigger language plpgsql as $$
    begin ${upkeep(`select patient, fmc from removed where status = 'completed'`)} return null; end $$`).execute(db);
  await sql`create function appointment_seen_cleared() returns trigger language plpgsql as $$
    begin delete from appointment_patient_seen; delete from appointment_seen_day_count; return null; end $$`.execute(db);
  await sql`create trigger appointment__seen_added after insert on appointment referencing new table as added
    for each statement execute function appointment_seen_added()`.execute(db);
  await sql`create trigger appointment__seen_changed after update on appointment referencing old table as before_rows new table as after_rows
    for each statement execute function appointment_seen_changed()`.execute(db);
  await sql`create trigger appointment__seen_removed after delete on appointment referencing old table as removed
    for each statement execute function appointment_seen_removed()`.execute(db);
  await sql`create trigger appointment__seen_cleared after truncate on appointment
    for each statement execute function appointment_seen_cleared()`.execute(db);

  // The zones already kept, filled from the appointments as they stand (the migration's transaction holds them).
  await sql`insert into appointment_patient_seen (zone, fmc, patient, day)
    select z.zone, c.fmc, a.patient, (max(a.scheduled_at at time zone z.zone))::date
    from appointment a cross join appointment_day_zone z cross join lateral (values (0), (a.fmc)) c(fmc)
    where a.status = 'completed' and c.fmc is not null and a.patient is not null
    group by 1, 2, 3`.execute(db);
  await sql`insert into appointment_seen_day_count (zone, fmc, day, n)
    select zone, fmc, day, count(*)::int from appointment_patient_seen group by 1, 2, 3`.execute(db);
}

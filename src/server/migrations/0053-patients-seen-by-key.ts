import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * 0026's patients-seen triggers, with each touched patient's row reached by its key alone. 0026 moved the patients in
 * an update joined to `appointment_patient_seen` twice (its old day, then the row to write); on a table without
 * statistics (the embedded database's until its maintenance first analyses it, db/maintenance.ts: a new console, a
 * seed's load) the planner scanned the table and read the second from the `(zone, fmc, day)` index by zone and centre,
 * filtering the patient: every patient seen at the centre (at every centre, for fmc 0), for each patient a write
 * touched. One write cost in proportion to the patients its centre had seen (bench/load-figures.md §7); with
 * statistics the plan was sound, so the cost hung on when the table was last analysed.
 *
 * Same meaning, same two steps: the first statement still takes each touched patient's row in key order (an upsert)
 * and now returns its day, which stays as read since the row is held; the second reads each one's latest completed
 * visit and writes the patients whose day moved with another upsert. An upsert reaches its row through the conflict's
 * unique index, whatever the planner thinks of the table, and no statement joins the table. A write that touches no
 * completed appointment stops after its transition tables.
 *
 * The latest visit is read the same way, whatever the statistics: the first entry, from the end, of an index of the
 * completed visits led by the patient. 0026's `max(scheduled_at)` over `status = 'completed' and patient = …` leaves
 * the planner a choice; on a table without statistics it expects one row, and a plan made then (here at a call of the
 * statement on the grown table: its arrays are parameters, so it is planned again) read every completed visit of the
 * patient through the `(status, scheduled_at, patient, id)` index and took their maximum: 12,000 rows for each key of
 * a patient with 12,000 visits (bench/load-figures.md §7). Asked as `order by scheduled_at desc limit 1`, the partial
 * index gives that order from the patient's entries alone, so its backward scan costs less than any other path under
 * any statistics (the other indexes scan more entries for the same rows; an unordered read needs a sort), and it stops
 * at the first entry of the key's centre.
 */
export async function up(db: DB): Promise<void> {
  await sql`create index appointment__completed_patient_scheduled_at__ix on appointment (patient, scheduled_at)
    where status = 'completed'`.execute(db);
  // The patients (and centres) of `source`'s rows, for each zone kept and for their centre and every centre (0).
  const keys = (source: string) => `select distinct z.zone, c.fmc, r.patient
    from (${source}) r cross join appointment_day_zone z cross join lateral (values (0), (r.fmc)) c(fmc)
    where c.fmc is not null and r.patient is not null`;
  const upkeep = (source: string) => `
    with held as (
      insert into appointment_patient_seen as s (zone, fmc, patient, day)
        select k.zone, k.fmc, k.patient, null::date from (${keys(source)}) k order by 1, 2, 3
        on conflict (zone, fmc, patient) do update set day = s.day
        returning s.zone, s.fmc, s.patient, s.day)
    select array_agg(zone), array_agg(fmc), array_agg(patient), array_agg(day) into zones, fmcs, patients, days from held;
    if patients is null then return null; end if;
    with fresh as materialized (
      select k.zone, k.fmc, k.patient, k.was,
        ((select a.scheduled_at from appointment a
          where a.patient = k.patient and a.status = 'completed' and (k.fmc = 0 or a.fmc = k.fmc)
          order by a.scheduled_at desc limit 1) at time zone k.zone)::date as latest
      from unnest(zones, fmcs, patients, days) k(zone, fmc, patient, was)),
    moved as materialized (select * from fresh where was is distinct from latest),
    written as (
      insert into appointment_patient_seen as s (zone, fmc, patient, day)
        select zone, fmc, patient, latest from moved order by 1, 2, 3
        on conflict (zone, fmc, patient) do update set day = excluded.day)
    insert into appointment_seen_day_count (zone, fmc, day, n)
      select zone, fmc, day, sum(d)::int from (
        select zone, fmc, was as day, -1 as d from moved where was is not null
        union all select zone, fmc, latest, 1 from moved where latest is not null) x
      group by 1, 2, 3 having sum(d) <> 0 order by 1, 2, 3
      on conflict (zone, fmc, day) do update set n = appointment_seen_day_count.n + excluded.n;`;
  const declared = 'declare zones text[]; fmcs integer[]; patients integer[]; days date[];';
  // Rows of an update that matter: completed before or after, and their patient, centre, day or status changed.
  const moved = (side: 'b' | 'a') => `select ${side}.patient, ${side}.fmc from before_rows b join after_rows a using (id)
    where ${side}.status = 'completed' and (b.patient, b.fmc, b.scheduled_at, b.status) is distinct from (a.patient, a.fmc, a.scheduled_at, a.status)`;
  await sql.raw(`create or replace function appointment_seen_added() returns trigger language plpgsql as $$
    ${declared} begin ${upkeep(`select patient, fmc from added where status = 'completed'`)} return null; end $$`).execute(db);
  await sql.raw(`create or replace function appointment_seen_changed() returns trigger language plpgsql as $$
    ${declared} begin ${upkeep(`${moved('b')} union all ${moved('a')}`)} return null; end $$`).execute(db);
  await sql.raw(`create or replace function appointment_seen_removed() returns trigger language plpgsql as $$
    ${declared} begin ${upkeep(`select patient, fmc from removed where status = 'completed'`)} return null; end $$`).execute(db);
}

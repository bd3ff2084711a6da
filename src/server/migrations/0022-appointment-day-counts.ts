import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * The fmc dashboard's appointments a day by status (routes/fmc-screens.ts), kept as counts instead of counted from the
 * appointments each time: 30 days of appointments are read in proportion to how many there are, the counts in
 * proportion to the days, statuses and centres asked for.
 *
 * `appointment_day_count` holds, for each time zone of `appointment_day_zone`, each centre (`fmc`; 0 for every
 * appointment, with a centre or without), local day and status, how many appointments there are. Statement triggers
 * on `appointment` keep it in the transaction of every write, whoever writes (a record's write, a transition, a
 * booking, a restore, a bulk fill): the rows a statement wrote, less the rows it replaced or removed, summed by key
 * and applied in key order, so that two writes take the rows they share in the same order. The zones are added at
 * start (search/day-counts.ts), each filled from the appointments then; a zone never kept is counted from the
 * appointments as before.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table appointment_day_zone (zone text primary key)`.execute(db);
  await sql`create table appointment_day_count (
    zone text not null, fmc integer not null, day date not null, status text not null, n integer not null,
    primary key (zone, fmc, day, status))`.execute(db);

  // +1 for each row of `added`, -1 for each row of `removed`, per zone and per key (its centre's and every centre's).
  const apply = (parts: string[]) => `insert into appointment_day_count (zone, fmc, day, status, n)
    select z.zone, c.fmc, (r.scheduled_at at time zone z.zone)::date, r.status, sum(r.delta)::int
    from (${parts.join(' union all ')}) r
    cross join appointment_day_zone z
    cross join lateral (values (0), (r.fmc)) c(fmc)
    where c.fmc is not null
    group by 1, 2, 3, 4 having sum(r.delta) <> 0
    order by 1, 2, 3, 4
    on conflict (zone, fmc, day, status) do update set n = appointment_day_count.n + excluded.n`;
  const rows = (table: string, delta: number) => `select fmc, scheduled_at, status, ${delta} as delta from ${table}`;
  await sql.raw(`create function appointment_day_count_added() returns trigger language plpgsql as $$
    begin ${apply([rows('added', 1)])}; return null; end $$`).execute(db);
  await sql.raw(`create function appointment_day_count_changed() returns trigger language plpgsql as $$
    begin ${apply([rows('after_rows', 1), rows('before_rows', -1)])}; return null; end $$`).execute(db);
  await sql.raw(`create function appointment_day_count_removed() returns trigger language plpgsql as $$
    begin ${apply([rows('removed', -1)])}; return null; end $$`).execute(db);
  await sql`create function appointment_day_count_cleared() returns trigger language plpgsql as $$
    begin delete from appointment_day_count; return null; end $$`.execute(db);
  await sql`create trigger appointment__day_count_added after insert on appointment referencing new table as added
    for each statement execute function appointment_day_count_added()`.execute(db);
  await sql`create trigger appointment__day_count_changed after update on appointment referencing old table as before_rows new table as after_rows
    for each statement execute function appointment_day_count_changed()`.execute(db);
  await sql`create trigger appointment__day_count_removed after delete on appointment referencing old table as removed
    for each statement execute function appointment_day_count_removed()`.execute(db);
  await sql`create trigger appointment__day_count_cleared after truncate on appointment
    for each statement execute function appointment_day_count_cleared()`.execute(db);
}

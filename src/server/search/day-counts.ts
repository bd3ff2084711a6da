import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { fillSeen } from './patients-seen';

/**
 * The fmc dashboard's appointments a day by status, read from `appointment_day_count` (migration 0022: kept by
 * triggers in the transaction of every write to `appointment`) for the time zones it keeps: the centres' own
 * (CENTRE_TIME_ZONE) and UTC, the dashboard's default. A day's figures then cost a few rows whatever the number of
 * appointments that day; a zone not kept is counted from the appointments (routes/fmc-screens.ts). The appointments
 * list reads them too, for its count by status or centre (list-ways.ts keptCount).
 */

/** The zones kept: the centres' (what staff's browsers send) and UTC (a call that names none). */
export const keptZones = (centreTimeZone: string) => [...new Set([centreTimeZone, 'UTC'])];

/**
 * At start: every zone of `zones` is kept, a new one filled from the appointments as they stand. The table is locked
 * against writes while a zone is filled (once, at the start that adds it), so that no write lands between the fill
 * and the zone's row, which the triggers read. A name PostgreSQL does not know is left out (logged).
 */
export async function ensureDayCountZones(db: DB, zones: string[], log: (line: string) => void = () => {}): Promise<void> {
  const kept = new Set((await sql<{ zone: string }>`select zone from appointment_day_zone`.execute(db)).rows.map((r) => r.zone));
  for (const zone of zones.filter((z) => !kept.has(z))) {
    const known = await sql`select 1 from pg_timezone_names where name = ${zone}`.execute(db);
    if (!known.rows.length) { log(`Time zone ${zone} is not one PostgreSQL knows: its dashboard days are counted from the appointments`); continue; }
    const started = performance.now();
    await db.transaction().execute(async (tx) => {
      await sql`lock table appointment in share mode`.execute(tx);
      const added = await sql`insert into appointment_day_zone (zone) values (${zone}) on conflict do nothing`.execute(tx);
      if (!Number(added.numAffectedRows ?? 0)) return;
      await fillZone(tx, zone);
    });
    log(`Dashboard day counts in ${zone} filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** A zone's counts as the appointments stand: what the table must hold (the tests' check, and the fill). */
export const dueCounts = (zone: string) => sql`
  select ${zone}::text as zone, c.fmc, (a.scheduled_at at time zone ${zone})::date as day, a.status, count(*)::int as n
  from appointment a cross join lateral (values (0), (a.fmc)) c(fmc)
  where c.fmc is not null
  group by 2, 3, 4`;

async function fillZone(db: DB, zone: string): Promise<void> {
  await sql`delete from appointment_day_count where zone = ${zone}`.execute(db);
  await sql`insert into appointment_day_count (zone, fmc, day, status, n) ${dueCounts(zone)}`.execute(db);
  await fillSeen(db, zone);
}

/** Whether the dashboard may read `zone`'s days from the counts. */
export async function keepsZone(db: DB, zone: string): Promise<boolean> {
  return (await sql`select 1 from appointment_day_zone where zone = ${zone}`.execute(db)).rows.length > 0;
}

/**
 * Appointments a day by status from `first` to `last` (local days in `zone`, which must be kept), of the centres
 * `centres` (null: every appointment). Days and statuses with none are absent.
 */
export async function dayCounts(db: DB, zone: string, first: string, last: string, centres: number[] | null) {
  const scope = centres === null ? [0] : centres;
  return (await sql<{ day: string; status: string; n: number }>`
    select to_char(day, 'YYYY-MM-DD') as day, status, sum(n)::int as n from appointment_day_count
    where zone = ${zone} and fmc = any(${scope}::int[]) and day >= ${first}::date and day <= ${last}::date
    group by day, status having sum(n) <> 0`.execute(db)).rows;
}

/** The list whose counts are kept, and the filters they can answer. */
export const DAY_COUNTED = { entity: 'appointments', filters: ['status', 'fmc'] } as const;

/**
 * How many appointments a list without a term holds, from the counts (zone UTC, every day), when its filters are a
 * status and/or a centre and nothing else narrows it (no caller's scope): null when the counts cannot tell, or UTC
 * is not kept. Bounded by the days and statuses kept, not by the appointments.
 */
export async function keptAppointmentCount(db: DB, filters: { status?: string; fmc?: number }): Promise<number | null> {
  const res = await sql<{ kept: boolean; n: number }>`select exists (select 1 from appointment_day_zone where zone = 'UTC') as kept,
    (select coalesce(sum(n), 0)::int from appointment_day_count where zone = 'UTC' and fmc = ${filters.fmc ?? 0}
      ${filters.status === undefined ? sql`` : sql`and status = ${filters.status}`}) as n`.execute(db);
  return res.rows[0]?.kept ? Number(res.rows[0].n) : null;
}

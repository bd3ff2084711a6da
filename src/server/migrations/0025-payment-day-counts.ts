import { sql } from 'kysely';
import type { DB } from '../db/connection';

/**
 * Payments a day (UTC, by `initiated_at`) by status and method, kept as counts: the payments list's status views,
 * methods and periods (search/payment-counts.ts) sum a row a day instead of counting up to 10,001 payments. Statement
 * triggers on `payment` keep it in the transaction of every write, whoever writes, as 0022 does for appointments: the
 * rows a statement wrote, less those it replaced or removed, summed by key and applied in key order. Filled here from
 * the payments as they stand.
 */
export async function up(db: DB): Promise<void> {
  await sql`create table payment_day_count (
    day date not null, status text not null, method text not null, n integer not null,
    primary key (day, status, method))`.execute(db);

  const apply = (parts: string[]) => `insert into payment_day_count (day, status, method, n)
    select (r.initiated_at at time zone 'UTC')::date, r.status, r.method, sum(r.delta)::int
    from (${parts.join(' union all ')}) r
    group by 1, 2, 3 having sum(r.delta) <> 0
    order by 1, 2, 3
    on conflict (day, status, method) do update set n = payment_day_count.n + excluded.n`;
  const rows = (table: string, delta: number) => `select initiated_at, status, method, ${delta} as delta from ${table}`;
  await sql.raw(`create function payment_day_count_added() returns trigger language plpgsql as $$
    begin ${apply([rows('added', 1)])}; return null; end $$`).execute(db);
  await sql.raw(`create function payment_day_count_changed() returns trigger language plpgsql as $$
    begin ${apply([rows('after_rows', 1), rows('before_rows', -1)])}; return null; end $$`).execute(db);
  await sql.raw(`create function payment_day_count_removed() returns trigger language plpgsql as $$
    begin ${apply([rows('removed', -1)])}; return null; end $$`).execute(db);
  await sql`create function payment_day_count_cleared() returns trigger language plpgsql as $$
    begin delete from payment_day_count; return null; end $$`.execute(db);
  await sql`create trigger payment__day_count_added after insert on payment referencing new table as added
    for each statement execute function payment_day_count_added()`.execute(db);
  await sql`create trigger payment__day_count_changed after update on payment referencing old table as before_rows new table as after_rows
    for each statement execute function payment_day_count_changed()`.execute(db);
  await sql`create trigger payment__day_count_removed after delete on payment referencing old table as removed
    for each statement execute function payment_day_count_removed()`.execute(db);
  await sql`create trigger payment__day_count_cleared after truncate on payment
    for each statement execute function payment_day_count_cleared()`.execute(db);
  await sql`insert into payment_day_count (day, status, method, n)
    select (initiated_at at time zone 'UTC')::date, status, method, count(*)::int from payment group by 1, 2, 3`.execute(db);
}

import { sql, type RawBuilder } from 'kysely';
import { parseRange } from '../../registry';
import type { DB } from '../db/connection';
import { cappedCount } from './list-order';

/**
 * The payments list's count from `payment_day_count` (migration 0025: payments a UTC day by status and method, kept by
 * triggers): a status view, a method and a period ("Filter payments…") sum a row per day and key, where counting reads
 * up to RECORD_COUNT_CAP payments. A period's whole UTC days come from the counts; the part of a day at either end
 * that the period cuts (a period from a time, not a date) is counted from the payments, through the (status, method,
 * initiated_at) index: a day's payments at most.
 */

/** The filters the counts answer. */
export const PAYMENT_COUNTED = { entity: 'payment', filters: ['status', 'method', 'initiatedAt'] } as const;

/**
 * How many payments the list holds under `filters` (those of PAYMENT_COUNTED alone, `where` their SQL and nothing
 * else), up to `cap` + 1; null when the counts cannot tell (a period that is not a range).
 */
export async function keptPaymentCount(db: DB, filters: Record<string, string>, where: RawBuilder<unknown>[], cap: number): Promise<number | null> {
  const period = filters.initiatedAt === undefined ? { from: undefined, to: undefined } : parseRange(filters.initiatedAt);
  if (!period) return null;
  // The first and the last-but-one UTC day the period holds whole, cast as the filter casts its ends (list-filter.ts).
  const lo = period.from ? sql`${period.from}::timestamptz` : sql`null::timestamptz`;
  const hi = !period.to ? sql`null::timestamptz` : /^\d{4}-\d{2}-\d{2}$/.test(period.to) ? sql`(${period.to}::date + 1)::timestamptz` : sql`(${period.to}::timestamptz + interval '1 millisecond')`;
  const bounds = (await sql<{ first: string | null; past: string | null }>`select to_char(((${lo} - interval '1 microsecond') at time zone 'UTC')::date + 1, 'YYYY-MM-DD') as first,
    to_char((${hi} at time zone 'UTC')::date, 'YYYY-MM-DD') as past`.execute(db)).rows[0];
  const { first, past } = bounds;
  if (first !== null && past !== null && first >= past) return selectCount(db, where, cap);
  const keys = [
    ...(filters.status === undefined ? [] : [sql`status = ${filters.status}`]),
    ...(filters.method === undefined ? [] : [sql`method = ${filters.method}`]),
    ...(first === null ? [] : [sql`day >= ${first}::date`]),
    ...(past === null ? [] : [sql`day < ${past}::date`]),
  ];
  const kept = Number((await sql<{ n: number }>`select coalesce(sum(n), 0)::int as n from payment_day_count
    ${keys.length ? sql`where ${sql.join(keys, sql` and `)}` : sql``}`.execute(db)).rows[0].n);
  const midnight = (day: string) => sql`(${day}::date::timestamp at time zone 'UTC')`;
  const before = first === null ? 0 : await selectCount(db, [...where, sql`t.initiated_at < ${midnight(first)}`], cap);
  const after = past === null ? 0 : await selectCount(db, [...where, sql`t.initiated_at >= ${midnight(past)}`], cap);
  return Math.min(kept + before + after, cap + 1);
}

/** Payments `where` selects, counted up to `cap` + 1. */
async function selectCount(db: DB, where: RawBuilder<unknown>[], cap: number): Promise<number> {
  return Number((await sql<{ n: number }>`select ${cappedCount('payment', where, cap)} as n`.execute(db)).rows[0].n);
}

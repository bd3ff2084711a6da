import { sql } from 'kysely';
import { columnName, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';

/**
 * The next number of a record the server numbers (`APT-2026-000124`), in the caller's transaction (migration 0017).
 * A year's counter starts from the highest number of that year already stored (numbers given before the counter, by
 * the demo data or an import), read once; after that it is one upsert.
 */
export async function nextNumber(db: DB, def: EntityDef, field: string, prefix: string, year: number, digits = 6): Promise<string> {
  const col = sql.raw(ident(columnName(field, def.fields[field])));
  const table = sql.raw(ident(def.table));
  for (;;) {
    const moved = await sql<{ last: number }>`update number_counter set last = last + 1 where prefix = ${prefix} and year = ${year} returning last`.execute(db);
    let last = moved.rows[0]?.last;
    if (last === undefined) {
      // The year's first: from the highest number already stored. Two first ones at once: the second finds the row the
      // first inserted (its conflict), and moves it on.
      const started = await sql<{ last: number }>`insert into number_counter (prefix, year, last)
        values (${prefix}, ${year}, 1 + coalesce((select max(substr(${col}, ${prefix.length + 7})::int) from ${table} where ${col} like ${`${prefix}-${year}-%`}), 0))
        on conflict (prefix, year) do update set last = number_counter.last + 1 returning last`.execute(db);
      last = started.rows[0].last;
    }
    const number = `${prefix}-${year}-${String(last).padStart(digits, '0')}`;
    // A number written around the counter (an import) is passed over rather than refused as a duplicate.
    const taken = await sql`select 1 from ${table} where lower(${col}) = lower(${number})`.execute(db);
    if (!taken.rows.length) return number;
  }
}

/**
 * Every year's counter of a prefix moved up to the highest number stored: after rows were written around the counter
 * (the bench's bulk data), so that the next number follows them. Reads every record once: for seeding, not requests.
 */
export async function syncNumbers(db: DB, def: EntityDef, field: string, prefix: string): Promise<void> {
  const col = sql.raw(ident(columnName(field, def.fields[field])));
  await sql`insert into number_counter (prefix, year, last)
    select ${prefix}, substr(${col}, ${prefix.length + 2}, 4)::int, max(substr(${col}, ${prefix.length + 7})::int)
    from ${sql.raw(ident(def.table))} where ${col} like ${`${prefix}-%`} group by 2
    on conflict (prefix, year) do update set last = greatest(number_counter.last, excluded.last)`.execute(db);
}

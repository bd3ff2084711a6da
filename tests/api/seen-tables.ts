import { sql } from 'kysely';
import { columnName, getEntity } from '../../src/registry';
import { openDatabase, type DB } from '../../src/server/db/connection';

/**
 * A database for the patients-seen triggers alone (migration 0026 and the migrations that replaced its functions), for
 * their tests and bench/seen-trigger.ts: a bare `appointment` table (the columns and the (patient, scheduled_at) index the
 * triggers read, none of the console's other triggers), two zones kept, `seen` patients with a completed visit at
 * centre 1. `migrations` are applied on those.
 */
export async function seenDatabase(seen: number, migrations: Array<(db: DB) => Promise<void>>): Promise<DB> {
  const { db } = await openDatabase({});
  await sql`create table appointment (id serial primary key, patient integer, fmc integer, scheduled_at timestamptz not null,
    status text not null)`.execute(db);
  await sql`create index appointment__patient_scheduled_at__ix on appointment (patient, scheduled_at)`.execute(db);
  await sql`create table appointment_day_zone (zone text primary key)`.execute(db);
  await sql`insert into appointment_day_zone values ('UTC'), ('Asia/Kolkata')`.execute(db);
  await sql`insert into appointment (patient, fmc, scheduled_at, status)
    select p, 1, timestamptz '2026-11-01' - (p % 300) * interval '1 day', 'completed' from generate_series(1, ${seen}::int) p`.execute(db);
  for (const m of migrations) await m(db);
  return db;
}

/**
 * The console's other indexes of `appointment` (the registry's `indexes` whose columns the bare table has, less the
 * patient's one `seenDatabase` already made), as a migration for `seenDatabase`: the status-first ones give the
 * planner another way to a patient's completed visits.
 */
export async function consoleIndexes(db: DB): Promise<void> {
  const def = getEntity('appointments');
  const bare = new Set((await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_name = 'appointment'`.execute(db)).rows.map((r) => r.name));
  for (const fields of def.indexes ?? []) {
    const columns = fields.map((f) => columnName(f, def.fields[f]));
    if (!columns.every((c) => bare.has(c)) || columns.join() === 'patient,scheduled_at') continue;
    await sql.raw(`create index on appointment (${[...columns, 'id'].join(', ')})`).execute(db);
  }
}

const fetched = async (db: DB, table: string) => (await sql<{ n: number }>`select sum(pg_stat_get_xact_blocks_fetched(oid))::int as n
  from pg_class where oid = ${table}::regclass or oid in (select indexrelid from pg_index where indrelid = ${table}::regclass)`.execute(db)).rows[0].n;

/** Blocks fetched from `table` (the patients-seen table by default) and its indexes by `write` (the counters' difference), rolled back. */
export async function blocksOfWrite(db: DB, write: string, table = 'appointment_patient_seen'): Promise<number> {
  const undone = await db.transaction().execute(async (tx) => {
    const before = await fetched(tx, table);
    await sql.raw(write).execute(tx);
    throw new Undone(await fetched(tx, table) - before);
  }).catch((e: unknown) => e);
  if (undone instanceof Undone) return undone.blocks;
  throw undone;
}
class Undone extends Error { constructor(readonly blocks: number) { super('rolled back'); } }

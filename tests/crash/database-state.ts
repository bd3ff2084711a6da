import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Migration } from 'kysely';
import { openDatabase, type DB } from '../../src/server/db/connection';
import { MIGRATIONS } from '../../src/server/migrations/migrate';

/**
 * What a killed console left on disk, read by opening its data folder as the console does (which recovers it), or
 * a copy of it (opened, recovered and thrown away, so the console's own restart still meets the folder exactly as
 * the kill left it; the copy costs a few seconds).
 */
export async function inspect<T>(dataDir: string, opts: { copy: boolean }, read: (db: DB) => Promise<T>): Promise<T> {
  const copy = opts.copy ? mkdtempSync(path.join(tmpdir(), 'console-crash-copy-')) : null;
  try {
    if (copy) cpSync(dataDir, copy, { recursive: true });
    const database = await openDatabase({ dataDir: copy ?? dataDir });
    try {
      return await read(database.db);
    } finally {
      await database.close();
    }
  } finally {
    if (copy) rmSync(copy, { recursive: true, force: true });
  }
}

/** Tables, columns, indexes, constraints and extensions of the public schema, as one comparable text. */
export async function schemaFingerprint(db: DB): Promise<string> {
  const r = await sql<{ line: string }>`
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
      from information_schema.columns where table_schema = 'public' and table_name not like 'kysely_migration%'
    union all
    select 'index ' || indexname || ' ' || indexdef from pg_indexes where schemaname = 'public' and tablename not like 'kysely_migration%'
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = 'public'::regnamespace and conrelid::regclass::text not like 'kysely_migration%'
    union all
    select 'extension ' || extname from pg_extension
    order by 1`.execute(db);
  return r.rows.map((x) => x.line).join('\n');
}

/** The migrations recorded as applied, in order (none when the migrator never got as far as its table). */
export async function recordedMigrations(db: DB): Promise<string[]> {
  const exists = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
  if (!exists.rows[0].t) return [];
  return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);
}

/** The schema after the first k migrations, for every k: what a database with k recorded migrations must look like. */
export async function schemaAfterEachMigration(): Promise<string[]> {
  const database = await openDatabase({});
  try {
    const names = Object.keys(MIGRATIONS).sort();
    const out = [await schemaFingerprint(database.db)];
    for (let k = 1; k <= names.length; k++) {
      const first = Object.fromEntries(names.slice(0, k).map((n) => [n, MIGRATIONS[n]])) as Record<string, Migration>;
      const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => first } }).migrateToLatest();
      if (error) throw error;
      out.push(await schemaFingerprint(database.db));
    }
    return out;
  } finally {
    await database.close();
  }
}

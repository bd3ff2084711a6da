import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { maintainOnce } from '../../src/server/db/maintenance';
import { setupApi } from './harness';

/** The embedded database's own autovacuum (db/maintenance.ts): a table with many changes is analysed, a quiet one left alone. */
const api = setupApi({ roles: [] });

test('analyses a table whose rows changed, and then leaves it alone', async () => {
  if (api.kind !== 'pglite') return; // a PostgreSQL server has its own autovacuum
  const def = getEntity('state');
  for (let i = 0; i < 120; i++) await sql`update ${sql.raw(def.table)} set version = version + 1 where id = (select min(id) from ${sql.raw(def.table)})`.execute(api.db);
  const first = await maintainOnce(api.db);
  expect(first.some((d) => d.endsWith(` ${def.table}`))).toBe(true);
  const again = await maintainOnce(api.db);
  expect(again.some((d) => d.endsWith(` ${def.table}`))).toBe(false);
});

test('vacuums a table only ever added to, marking its pages all-visible, and then leaves it alone', async () => {
  if (api.kind !== 'pglite') return;
  await sql`create table maintenance_probe (id int primary key, note text)`.execute(api.db);
  try {
    await sql`insert into maintenance_probe select n, repeat('x', 200) from generate_series(1, 5000) n`.execute(api.db);
    const visible = async () => Number((await sql<{ n: number }>`select relallvisible::int as n from pg_class where relname = 'maintenance_probe'`.execute(api.db)).rows[0].n);
    expect(await visible()).toBe(0);
    expect(await maintainOnce(api.db)).toContain('vacuum maintenance_probe');
    expect(await visible()).toBeGreaterThan(0);
    expect(await maintainOnce(api.db)).not.toContain('vacuum maintenance_probe');
    // A restart forgets the statistics' counts (as a reset does): the pages not yet marked still tell.
    await sql`insert into maintenance_probe select n, repeat('x', 200) from generate_series(5001, 10000) n`.execute(api.db);
    await sql`select pg_stat_reset()`.execute(api.db);
    expect(await maintainOnce(api.db)).toContain('vacuum maintenance_probe');
    expect(await maintainOnce(api.db)).not.toContain('vacuum maintenance_probe');
  } finally {
    await sql`drop table maintenance_probe`.execute(api.db);
  }
});

test('merges a GIN index\'s pending list, which every search of the index would read, and then leaves it alone', async () => {
  if (api.kind !== 'pglite') return;
  await sql`create table maintenance_gin_probe (id int primary key, doc text)`.execute(api.db);
  try {
    await sql`create index maintenance_gin_probe__trgm on maintenance_gin_probe using gin (doc gin_trgm_ops)`.execute(api.db);
    // Rows inserted after the index is made go to its pending list (fastupdate, on by default). Too few for a VACUUM
    // (which would merge it): an ANALYZE, which does not.
    await sql`insert into maintenance_gin_probe select n, md5(n::text) || ' ' || md5((n * 7)::text) from generate_series(1, 500) n`.execute(api.db);
    expect(await maintainOnce(api.db)).toEqual(expect.arrayContaining(['analyze maintenance_gin_probe', 'merge maintenance_gin_probe__trgm']));
    expect(await maintainOnce(api.db)).not.toContain('merge maintenance_gin_probe__trgm');
    const left = await sql<{ pages: number }>`select gin_clean_pending_list('maintenance_gin_probe__trgm'::regclass)::int as pages`.execute(api.db);
    expect(Number(left.rows[0].pages)).toBe(0);
  } finally {
    await sql`drop table maintenance_gin_probe`.execute(api.db);
  }
});

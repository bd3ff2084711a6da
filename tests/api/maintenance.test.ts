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

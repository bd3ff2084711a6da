import { sql, Migrator, type Migration } from 'kysely';
import { describe, expect, test } from 'vitest';
import { columnsOf, ENTITIES, getEntity } from '../../src/registry';
import { entityIndexes, tableOf } from '../../src/server/db/entity-table';
import { verifyAuditChain } from '../../src/server/audit/audit-verify';
import { openDatabase } from '../../src/server/db/connection';
import { migrate, MIGRATIONS } from '../../src/server/migrations/migrate';
import { searchIndexName } from '../../src/server/migrations/0006-search-per-entity';
import { setupApi } from './harness';

/**
 * Migrations are frozen in time, so a change to an entity needs a migration of its own. This test holds the
 * migrated database to the registry: every entity's table has exactly its declared columns with their types and
 * nullability, and every index the registry asks for. A forgotten migration fails here.
 */
const api = setupApi({ roles: [] });

/** format_type's names for the registry's SQL types. */
const PG_TYPE: Record<string, string> = { 'timestamptz(3)': 'timestamp(3) with time zone', time: 'time without time zone' };
const SYSTEM_COLUMNS = ['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by'];

async function columnsIn(table: string) {
  const r = await sql<{ name: string; type: string; notnull: boolean }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull
    from pg_attribute a where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped order by a.attnum`.execute(api.db);
  return r.rows;
}

describe('the migrated database equals the registry', () => {
  test.each(ENTITIES.map((e) => [e.name, e] as const))('%s', async (_, def) => {
    const actual = await columnsIn(def.table);
    const expected = columnsOf(def, tableOf);
    expect(actual.map((c) => c.name).sort()).toEqual([...SYSTEM_COLUMNS, ...expected.map((c) => c.column)].sort());
    for (const c of expected) {
      const a = actual.find((x) => x.name === c.column)!;
      expect(a.type, `${def.table}.${c.column}`).toBe(PG_TYPE[c.type] ?? c.type);
      expect(a.notnull, `${def.table}.${c.column} not null`).toBe(c.notNull);
    }
    const indexes = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = ${def.table}`.execute(api.db);
    for (const ix of entityIndexes(def)) {
      const found = indexes.rows.find((r) => r.name === ix.name);
      expect(found, `index ${ix.name}`).toBeDefined();
      const cols = ix.columns.map((c) => c.replace(/"/g, '')).join(', ');
      expect(found!.def.replace(/"/g, ''), ix.name).toContain(`(${cols})`);
      expect(found!.def.startsWith('CREATE UNIQUE'), `${ix.name} unique`).toBe(ix.unique);
    }
  });
});

test('every entity has its own trigram index of the search table (migration 0006, or the migration that added the entity)', async () => {
  const r = await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = 'search_index'`.execute(api.db);
  for (const def of ENTITIES) {
    const ix = r.rows.find((x) => x.name === searchIndexName(def.name));
    expect(ix, def.name).toBeDefined();
    expect(ix!.def).toContain(`'${def.name}'`);
  }
});

describe('an upgrade from the previous release', () => {
  test("a database made by the previous release's migrations (0001–0003), with data, migrates to today's and keeps its rows", async () => {
    const database = await openDatabase({});
    try {
      const previous = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0004'));
      const old = new Migrator({ db: database.db, provider: { getMigrations: async () => previous as Record<string, Migration> } });
      const first = await old.migrateToLatest();
      expect(first.error).toBeUndefined();
      expect(first.results!.map((r) => r.migrationName)).toEqual(['0001-core', '0002-foundation-entities', '0003-catalogue-entities']);
      // Rows as the previous release wrote them (its admin_user has no centres column).
      await sql`insert into role (key, name) values ('fmc', 'FMC staff')`.execute(database.db);
      await sql`insert into admin_user (first_name, last_name, email, role, status, password_hash) values ('Old', 'User', 'old@example.in', 1, 'active', 'x')`.execute(database.db);
      await sql`insert into audit_log (actor_id, entity, record_id, action) values (1, 'roles', 1, 'create')`.execute(database.db);

      const applied = await migrate(database.db);
      expect(applied).toEqual(Object.keys(MIGRATIONS).filter((name) => name >= '0004'));
      const user = await sql<{ email: string; centres: number[] | null }>`select email, centres from admin_user`.execute(database.db);
      expect(user.rows).toEqual([{ email: 'old@example.in', centres: null }]);
      const audit = await sql<{ action: string; address: string | null }>`select action, address from audit_log`.execute(database.db);
      expect(audit.rows).toEqual([{ action: 'create', address: null }]);
      // Chained by 0015's function in the database, checked by the console's own digest since 0029.
      const chain = await verifyAuditChain(database.db);
      expect([chain.rows, chain.broken]).toEqual([1, undefined]);
      for (const def of [getEntity('appointments'), getEntity('admin-user')]) {
        expect((await sql<{ n: number }>`select count(*)::int as n from pg_attribute where attrelid = to_regclass(${def.table}) and attnum > 0`.execute(database.db)).rows[0].n)
          .toBe(SYSTEM_COLUMNS.length + columnsOf(def, tableOf).length);
      }
    } finally {
      await database.close();
    }
  });

  test('search rows written before 0011 get their words\' starts (0011, 0013), and both indexes are read alone after it', async () => {
    const database = await openDatabase({});
    try {
      const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < '0011'));
      expect((await new Migrator({ db: database.db, provider: { getMigrations: async () => before as Record<string, Migration> } }).migrateToLatest()).error).toBeUndefined();
      await sql`insert into search_index (entity, record_id, title, subtitle, doc, sort_text)
        select 'patients', i, 'p', '', 'maria gomez · m.g@mail.in', 'gomez' from generate_series(1, 500) i`.execute(database.db);
      const lines: string[] = [];
      expect(await migrate(database.db, (line) => lines.push(line))).toEqual(Object.keys(MIGRATIONS).filter((name) => name >= '0011'));
      expect(lines).toEqual([expect.stringMatching(/^Applying migrations 0011-search-word-starts, .*: a large search table takes minutes$/),
        expect.stringMatching(/^Vacuumed search_index after its migration/), expect.stringMatching(/^Vacuumed search_starts after its migration/),
        expect.stringMatching(/^Vacuumed audit_log after its migration/), expect.stringMatching(/^Vacuumed invoice after its migration/)]);
      const starts = await sql<{ w: string; n: number }>`select word_starts as w, count(*)::int as n from search_index group by 1`.execute(database.db);
      expect(starts.rows).toEqual([{ w: ' ma go · m.', n: 500 }]);
      await sql`set enable_seqscan = off`.execute(database.db);
      const plan = (await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) select record_id from search_index where entity = 'patients'
        order by sort_text, sort_num, record_id limit 100`.execute(database.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('Index Only Scan using search_index__sort_starts__ix');
      expect(plan).toContain('Heap Fetches: 0');
      // 0013: each row's words' first two letters ("·" is one letter), in the list's order, read from the index alone
      const pairs = await sql<{ start: string; n: number }>`select start, count(*)::int as n from search_starts group by 1 order by 1`.execute(database.db);
      expect(pairs.rows).toEqual([{ start: 'go', n: 500 }, { start: 'm.', n: 500 }, { start: 'ma', n: 500 }]);
      const byStarts = (await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) select record_id from search_starts where entity = 'patients'
        and start = 'ma' order by text_null, text_key, num_null, num_key, record_id limit 100`.execute(database.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(byStarts).toContain('Index Only Scan using search_starts__list__ix');
      expect(byStarts).toContain('Heap Fetches: 0');
    } finally {
      await database.close();
    }
  });
});

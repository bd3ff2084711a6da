import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/connection';
import { prepareStatements } from '../../src/server/db/prepared';

/**
 * Named prepared statements on a PostgreSQL server (src/server/db/prepared.ts): a text is parsed once per connection
 * and its later uses send only values; past the limit texts go unnamed; a failing text and a rolled-back transaction
 * leave the connection working. Runs with the PostgreSQL suite (TEST_DATABASE_URL); skipped without a server.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named prepared statements', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('connect', (client) => { prepareStatements(client, 3); });
  });
  afterAll(() => pool.end());

  const prepared = async (client: pg.PoolClient) =>
    (await client.query({ text: 'select name, statement from pg_prepared_statements order by prepare_time' })).rows as { name: string; statement: string }[];

  test('a text used again is parsed once and answers for its new values; past the limit texts go unnamed', async () => {
    const client = await pool.connect();
    try {
      expect((await client.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
      expect((await client.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
      expect((await prepared(client)).map((r) => r.statement)).toEqual(['select $1::int + 1 as n']);
      // A text sent once takes no slot (prepared.ts SecondUse): each is sent twice.
      for (let i = 2; i <= 5; i++) {
        for (const v of [1, 2]) expect((await client.query(`select $1::int + ${i} as n`, [v])).rows).toEqual([{ n: v + i }]);
      }
      const names = await prepared(client);
      expect(names).toHaveLength(3);
      expect(names.every((r) => /^k[0-9a-f]{30}$/.test(r.name))).toBe(true);
      // The unnamed ones still answer, again and again.
      expect((await client.query('select $1::int + 5 as n', [2])).rows).toEqual([{ n: 7 }]);
    } finally {
      client.release(true);
    }
  });

  test('texts sent once take no slot: after more of them than the limit, a text sent again is named', async () => {
    const client = await pool.connect();
    try {
      for (let i = 10; i < 20; i++) expect((await client.query(`select $1::int + ${i} as n`, [0])).rows).toEqual([{ n: i }]);
      expect(await prepared(client)).toEqual([]);
      for (const v of [1, 2]) expect((await client.query('select $1::int * 2 as n', [v])).rows).toEqual([{ n: 2 * v }]);
      expect((await prepared(client)).map((r) => r.statement)).toEqual(['select $1::int * 2 as n']);
    } finally {
      client.release(true);
    }
  });

  test('a text the server refuses says why each time, and the connection goes on', async () => {
    const client = await pool.connect();
    try {
      for (let i = 0; i < 2; i++) await expect(client.query('select from nowhere_at_all where x = $1', [1])).rejects.toThrow(/nowhere_at_all/);
      expect((await client.query('select $1::text as t', ['ok'])).rows).toEqual([{ t: 'ok' }]);
    } finally {
      client.release(true);
    }
  });

  /** On one connection of a console's database: a text run twice, then what the connection has prepared and its plan mode. */
  async function onOneConnection() {
    const database = await openDatabase({ url });
    try {
      return await database.db.connection().execute(async (conn) => {
        for (let i = 0; i < 2; i++) await sql`select ${i}::int + 1 as n`.execute(conn);
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
        const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(conn);
        return { prepared: prepared.rows.map((r) => r.statement), mode: mode.rows[0].plan_cache_mode };
      });
    } finally {
      await database.close();
    }
  }

  test("a console's connection prepares what it runs, and plans each call for its values (a generic plan made a search 25 times slower)", async () => {
    const { prepared, mode } = await onOneConnection();
    expect(prepared).toContain('select $1::int + 1 as n');
    expect(mode).toBe('force_custom_plan');
  });

  test('DATABASE_PREPARE=0 (behind a pooler): nothing prepared, no startup options', async () => {
    process.env.DATABASE_PREPARE = '0';
    try {
      const { prepared, mode } = await onOneConnection();
      expect(prepared).toEqual([]);
      expect(mode).toBe('auto');
    } finally {
      delete process.env.DATABASE_PREPARE;
    }
  });

  test('a statement first used in a transaction rolled back is still there afterwards', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin', []);
      expect((await client.query('select $1::int * 2 as n', [4])).rows).toEqual([{ n: 8 }]);
      await expect(client.query('select 1 / $1::int as n', [0])).rejects.toThrow(/division by zero/);
      await client.query('rollback', []);
      expect((await client.query('select $1::int * 2 as n', [5])).rows).toEqual([{ n: 10 }]);
      expect((await client.query('select 1 / $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release(true);
    }
  });
});

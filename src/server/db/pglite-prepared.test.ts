import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './connection';
import { PGlitePrepared } from './pglite-prepared';
import { migrate } from '../migrations/migrate';

/** Named prepared statements on the embedded database answer exactly as PGlite's own `query` does. */
describe('prepared statements on PGlite', () => {
  let pg: PGlite;
  let prepared: PGlitePrepared;
  const names = async () => (await pg.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  beforeAll(async () => {
    pg = new PGlite();
    await pg.waitReady;
    await pg.exec(`create table t (id serial primary key, n int, tags int[], doc jsonb, at timestamptz, day date, name text)`);
    prepared = new PGlitePrepared(pg, 3);
  });
  afterAll(() => pg.close());

  test('values of every kind go in and come out as query would give them; a text is parsed once', async () => {
    const insert = 'insert into t (n, tags, doc, at, day, name) values ($1, $2, $3, $4, $5, $6) returning *';
    const values = [7, [1, 2, 3], { a: [1, 'x'] }, new Date('2026-11-23T10:00:00.123Z'), '2026-11-23', "O'Brien"];
    const mine = await prepared.query(insert, values);
    const theirs = await pg.query(insert, values);
    expect(mine.rows).toHaveLength(1);
    expect({ ...mine.rows[0] as object, id: 0 }).toEqual({ ...theirs.rows[0] as object, id: 0 });
    expect(mine.affectedRows).toBe(1);
    await prepared.query(insert, [null, null, null, null, null, null]);
    expect(await names()).toHaveLength(1);
    const select = await prepared.query<{ n: number | null }>('select n from t where name is not distinct from $1 order by id', [null]);
    expect(select.rows).toEqual([{ n: null }]);
  });

  test("the console's embedded database plans each statement for its values", async () => {
    const database = await openDatabase({});
    try {
      const shown = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(database.db);
      expect(shown.rows[0].plan_cache_mode).toBe('force_custom_plan');
    } finally {
      await database.close();
    }
  });

  test('past the limit texts go through query, and still answer', async () => {
    for (let i = 1; i <= 4; i++) {
      for (const n of [1, 2]) expect((await prepared.query<{ v: number }>(`select $1::int + ${i} as v`, [n])).rows).toEqual([{ v: n + i }]);
    }
    expect(await names()).toHaveLength(3);
  });

  test("texts run once (a start's migrations) take no slot: the request's statements after them are still named", async () => {
    const database = await openDatabase({});
    try {
      await migrate(database.db);
      const named = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db)).rows.map((r) => r.statement);
      const before = await named();
      const again = sql`select count(*)::int as n from session where id = ${0}`;
      for (let i = 0; i < 3; i++) expect((await again.execute(database.db)).rows).toEqual([{ n: 0 }]);
      const after = await named();
      // The migrations' hundreds of statements each ran once: none took a slot, so the text used again is named.
      expect(before.length).toBeLessThan(20);
      expect(before).not.toContain(again.compile(database.db).sql);
      expect(after).toContain(again.compile(database.db).sql);
    } finally {
      await database.close();
    }
  });

  test('a refused text throws the database error each time; a failed bind leaves its statement usable', async () => {
    const fresh = new PGlitePrepared(pg);
    for (let i = 0; i < 2; i++) await expect(fresh.query('select * from no_such_table where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    await expect(fresh.query('select $1::int as v', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await fresh.query('select $1::int as v', [5])).rows).toEqual([{ v: 5 }]);
  });

  test('inside a transaction: an error aborts it as it should, and after the rollback the statements work', async () => {
    const fresh = new PGlitePrepared(pg);
    await fresh.query('begin', []);
    await fresh.query('insert into t (n) values ($1)', [100]);
    await expect(fresh.query('select 1 / $1::int as v', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(fresh.query('select $1::int as v', [1])).rejects.toMatchObject({ code: '25P02' });
    await fresh.query('rollback', []);
    expect((await fresh.query('select count(*)::int as c from t where n = $1', [100])).rows).toEqual([{ c: 0 }]);
    expect((await fresh.query('select 1 / $1::int as v', [1])).rows).toEqual([{ v: 1 }]);
    expect((await fresh.query('select $1::int as v', [2])).rows).toEqual([{ v: 2 }]);
  });

  test('many rows of every kind, read in place, come out as query gives them; so do counts, empty answers and notices', async () => {
    const fresh = new PGlitePrepared(pg);
    const many = `select g as n, array[g, -g] as tags, jsonb_build_object('k', g, 'é', 'ü') as doc, timestamptz '2026-01-01' + g * interval '1 hour' as at,
      case when g % 3 = 0 then null when g % 3 = 1 then '' else 'Zoë 醫院 ' || g end as name, g % 2 = 0 as even, g / 7.0 as ratio
      from generate_series(1, $1::int) g`;
    for (const [text, values] of [[many, [300]], [many, [0]], ['update t set n = n where n = $1', [7]], ['drop table if exists $1_none', []]] as const) {
      const params = text.includes('$1_none') ? [] : [...values];
      const query = text.replace('$1_none', 'no_such_table');
      expect(await fresh.query(query, params)).toEqual(await pg.query(query, params));
    }
  });

  test('a NOTIFY reaches the listeners, made in a statement of its own or committed at the end of a transaction', async () => {
    const fresh = new PGlitePrepared(pg);
    const heard: string[] = [];
    const off = pg.onNotification((channel, payload) => heard.push(`${channel}:${payload}`));
    await pg.exec('listen wire_test');
    await fresh.query('select pg_notify($1, $2)', ['wire_test', 'alone']);
    await fresh.query('begin', []);
    await fresh.query('select pg_notify($1, $2)', ['wire_test', 'in a transaction']);
    await fresh.query('commit', []);
    await new Promise((r) => setTimeout(r, 0));
    off();
    expect(heard).toEqual(['wire_test:alone', 'wire_test:in a transaction']);
  });
});

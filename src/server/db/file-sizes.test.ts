import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PrivateNodeFS } from './pglite-disk';

/** Every kept length compared with fstat's (file-sizes.ts `check`): a difference fails the statement that met it. */
class CheckedNodeFS extends PrivateNodeFS {
  protected checkFileSizes = true;
  /** Emscripten's file system as PostgreSQL calls it, for calls made as PostgreSQL makes them. */
  emscripten: EmscriptenFs | null = null;
  protected patch(mod: unknown) {
    this.emscripten = (mod as { FS: EmscriptenFs }).FS;
  }
}
interface EmscriptenStream { node: unknown }
interface EmscriptenFs {
  open(path: string, flags: string): EmscriptenStream;
  write(stream: EmscriptenStream, data: Uint8Array, offset: number, length: number, position?: number): number;
  llseek(stream: EmscriptenStream, offset: number, whence: number): number;
  ftruncate(fd: number, length: number): void;
  truncate(path: string, length: number): void;
  close(stream: EmscriptenStream): void;
}

/**
 * The files' lengths the embedded database is answered from memory (db/file-sizes.ts) stay the files' own through
 * what changes them: tables and indexes that grow, a vacuum that cuts a table's empty tail, a truncation, a table
 * written anew (vacuum full), a drop, and a restart on the same folder.
 */
/** Where PGlite mounts the data folder in its file system. */
const PGDATA = '/pglite/data';

describe('file lengths kept in memory on the embedded database', () => {
  let dir: string;
  let fs: CheckedNodeFS;
  let pg: PGlite;
  const open = async () => {
    fs = new CheckedNodeFS(path.join(dir, 'pgdata'));
    pg = new PGlite({ fs });
    await pg.waitReady;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'file-sizes-'));
    await open();
  });
  afterAll(async () => {
    await pg.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = async (table: string) => (await pg.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0].n;

  test('growth, a vacuum that shortens a table, truncate, vacuum full and drop all read true', async () => {
    await pg.exec('create table t (id serial primary key, body text)');
    await pg.exec("create index t__body__ix on t (body)");
    // Rows wide enough to need many pages, in several statements: each extends the table and its indexes.
    for (let i = 0; i < 5; i++) await pg.exec(`insert into t (body) select repeat(md5(g::text), 8) from generate_series(1, 2000) g`);
    expect(await count('t')).toBe(10_000);
    const asked = fs.fileSizes!.asked;
    // The planner and the scans ask for the lengths again and again: answered from memory, each checked.
    for (let i = 0; i < 20; i++) await pg.query('select count(*) from t where id > $1', [i * 100]);
    expect(fs.fileSizes!.kept).toBeGreaterThan(20);
    expect(fs.fileSizes!.asked - asked).toBeLessThan(20);

    // The tail emptied: vacuum cuts the table's file shorter, and the next length read must be the shorter one.
    await pg.exec('delete from t where id > 1000');
    await pg.exec('vacuum t');
    expect(await count('t')).toBe(1000);
    await pg.exec(`insert into t (body) select repeat(md5(g::text), 8) from generate_series(1, 3000) g`);
    expect(await count('t')).toBe(4000);

    await pg.exec('vacuum full t');
    expect(await count('t')).toBe(4000);
    await pg.exec('truncate t');
    expect(await count('t')).toBe(0);
    await pg.exec(`insert into t (body) select md5(g::text) from generate_series(1, 500) g`);
    expect((await pg.query<{ n: number }>("select count(*)::int as n from t where body = md5('7')")).rows[0].n).toBe(1);
    await pg.exec('drop table t');
    await pg.exec('create table t (id int)');
    await pg.exec('insert into t select generate_series(1, 100)');
    expect(await count('t')).toBe(100);
  });

  test('a file cut shorter by ftruncate or truncate, on a stream kept open, reads its new length', async () => {
    const FS = fs.emscripten!;
    const file = `${PGDATA}/file-sizes-test`;
    const s = FS.open(file, 'w+') as EmscriptenStream & { fd: number };
    const end = () => FS.llseek(s, 0, 2);
    FS.write(s, new Uint8Array(8192 * 3), 0, 8192 * 3, 0);
    expect(end()).toBe(8192 * 3);
    FS.write(s, new Uint8Array(100), 0, 100, 8192 * 3);
    expect(end()).toBe(8192 * 3 + 100);
    // A write inside the file leaves its length.
    FS.write(s, new Uint8Array(10), 0, 10, 5);
    expect(end()).toBe(8192 * 3 + 100);
    FS.ftruncate(s.fd, 8192);
    expect(end()).toBe(8192);
    FS.truncate(file, 10);
    expect(end()).toBe(10);
    expect(FS.llseek(s, -4, 2)).toBe(6);
    FS.close(s);
  });

  test('a restart on the same folder reads what the last run wrote', async () => {
    await pg.exec('create table u (id int, body text)');
    await pg.exec(`insert into u select g, repeat('x', 500) from generate_series(1, 3000) g`);
    await pg.close();
    await open();
    expect(await count('u')).toBe(3000);
    await pg.exec(`insert into u select g, repeat('y', 500) from generate_series(1, 3000) g`);
    expect(await count('u')).toBe(6000);
    expect(fs.fileSizes!.kept).toBeGreaterThan(0);
  });
});

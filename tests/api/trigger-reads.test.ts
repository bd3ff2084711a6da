import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { getEntity } from '../../src/registry';
import { writeEntries } from '../../src/server/audit/audit';
import { sealAuditLog } from '../../src/server/audit/audit-seal';
import { openDatabase, type DB } from '../../src/server/db/connection';
import { migrate } from '../../src/server/migrations/migrate';
import { upsertSearchRow } from '../../src/server/search';
import { setupApi } from './harness';
import { storeSpecialities } from './speciality-rows';

/**
 * A write's triggers read what they need by index, however small the tables were when a session first ran them
 * (migration 0027): PL/pgSQL keeps the plan of a trigger's first call, and a plan made on a nearly empty table read the
 * whole table on every later write (the audit chain's last entry; a search row's old word starts). The figure read is
 * the table's heap pages touched by one write, a count the database keeps, not a time: a read of the whole table
 * touches every page of it, an index read a few.
 */
const api = setupApi({ roles: ['superadmin'] });
const speciality = getEntity('speciality');

async function heapPagesRead(db: DB, table: string, write: () => Promise<unknown>): Promise<number> {
  const read = async () => {
    await sql`select pg_stat_force_next_flush()`.execute(db);
    await sql`select 1`.execute(db);
    const row = (await sql<{ n: string }>`select (coalesce(heap_blks_hit, 0) + coalesce(heap_blks_read, 0))::text as n
      from pg_statio_user_tables where relname = ${table}`.execute(db)).rows[0];
    return Number(row.n);
  };
  const before = await read();
  await write();
  return (await read()) - before;
}

const pagesOf = async (db: DB, table: string) =>
  Number((await sql<{ n: number }>`select pg_relation_size(${table}::regclass) / current_setting('block_size')::int as n`.execute(db)).rows[0].n);

test('a search row written again reads its own word starts, not the whole table', async () => {
  // The triggers' first calls in this session are the harness's, on the accounts' few rows; then the table grows.
  const names = Array.from({ length: 3000 }, (_, i) => `Grown ${String(i).padStart(4, '0')} ${['alpha', 'beta', 'gamma'][i % 3]}`);
  await storeSpecialities(api.db, names);
  expect(await pagesOf(api.db, 'search_starts')).toBeGreaterThan(60);

  const rec = (await sql<Record<string, unknown>>`select id, name, description from speciality where name = ${names[10]}`.execute(api.db)).rows[0];
  // Its words changed (entries deleted and added), then the same again (an upsert that finds its row and changes none).
  const changed = await heapPagesRead(api.db, 'search_starts', () => upsertSearchRow(api.db, speciality, { ...rec, description: 'renamed words' }));
  const unchanged = await heapPagesRead(api.db, 'search_starts', () => upsertSearchRow(api.db, speciality, { ...rec, description: 'renamed words' }));
  expect(changed).toBeLessThan(20);
  expect(unchanged).toBeLessThan(20);
  const starts = await sql<{ start: string }>`select start from search_starts where entity = ${speciality.name} and record_id = ${Number(rec.id)} order by start`.execute(api.db);
  expect(starts.rows.map((r) => r.start)).toEqual(['00', 'be', 'gr', 're', 'wo']);
});

test('many search rows removed at once take exactly their entries', async () => {
  const ids = (await sql<{ id: number }>`select id from speciality where name like 'Grown %' and name like '%beta' order by id`.execute(api.db)).rows.map((r) => r.id);
  expect(ids.length).toBeGreaterThan(200);
  await sql`delete from search_index where entity = ${speciality.name} and record_id = any(${ids}::int[])`.execute(api.db);
  const left = await sql<{ n: number }>`select count(*)::int as n from search_starts where entity = ${speciality.name} and record_id = any(${ids}::int[])`.execute(api.db);
  expect(left.rows[0].n).toBe(0);
  const outOfStep = await sql<{ n: number }>`select count(*)::int as n from (select * from search_starts except all select * from search_starts_due
    union all (select * from search_starts_due except all select * from search_starts)) x`.execute(api.db);
  expect(outOfStep.rows[0].n).toBe(0);
});

test('an audit entry reads nothing of the log, and its seal finds the chain\'s last entry by index', async () => {
  // A new database: the chain's first rows are written on an empty log, as on a first start.
  const database = await openDatabase({});
  try {
    const db = database.db;
    await migrate(db);
    const entry = (i: number, at?: string) => ({ actor: { id: null }, entity: speciality.name, recordId: i + 1, action: 'update' as const, changes: { note: { from: 'a', to: `b ${i}` } }, at });
    await writeEntries(db, [entry(0)]);
    const story = Array.from({ length: 3000 }, (_, i) => entry(i, new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString()));
    for (let i = 0; i < story.length; i += 500) await writeEntries(db, story.slice(i, i + 500));
    await sealAuditLog(db);
    // The seal updated each row once: the old versions are vacuumed as the console's upkeep does (db/maintenance.ts).
    await sql`vacuum (analyze) audit_log`.execute(db);
    expect(await pagesOf(db, 'audit_log')).toBeGreaterThan(60);
    expect(await heapPagesRead(db, 'audit_log', () => writeEntries(db, [entry(1)]))).toBeLessThan(10);
    // The sealer reads the rows that wait and the head by their indexes, whatever the log's length.
    expect(await heapPagesRead(db, 'audit_log', async () => { expect(await sealAuditLog(db)).toBe(1); })).toBeLessThan(10);
    const chain = await sql<{ prev_hash: string; before: string }>`select a.prev_hash, (select hash from audit_log b where b.seq = a.seq - 1) as before
      from audit_log a order by seq desc limit 1`.execute(db);
    expect(chain.rows[0].prev_hash).toBe(chain.rows[0].before);
  } finally {
    await database.close();
  }
});

test('an appointment completed reads its patient\'s visits by index, not every appointment', async () => {
  const first = await api.insert(getEntity('appointments'));
  const id = Number(first!.id);
  // The triggers' first calls on this session's appointments, while there are few.
  await sql`update appointment set status = 'confirmed' where id = ${id}`.execute(api.db);
  await sql`update appointment set status = 'completed' where id = ${id}`.execute(api.db);
  await sql`insert into appointment (number, patient, doctor, fmc, mode, scheduled_at, duration_minutes, fee, status)
    select 'APT-2031-' || lpad(g::text, 6, '0'), patient, doctor, fmc, mode, scheduled_at - g * interval '1 hour', duration_minutes, fee, 'completed'
    from appointment, generate_series(1, 12000) g where id = ${id}`.execute(api.db);
  expect(await pagesOf(api.db, 'appointment')).toBeGreaterThan(150);
  const pages = await heapPagesRead(api.db, 'appointment', () => sql`update appointment set status = 'cancelled' where id = ${id}`.execute(api.db));
  // The row and its new version, and the patient's latest completed visit found from the end of their index.
  expect(pages).toBeLessThan(30);
  // The same once the table has statistics (they say every completed visit is this patient's): the same index.
  await sql`analyze appointment`.execute(api.db);
  const latest = (await sql<{ id: number }>`select id from appointment where patient = ${first!.patient} and status = 'completed'
    order by scheduled_at desc limit 1`.execute(api.db)).rows[0].id;
  expect(await heapPagesRead(api.db, 'appointment', () => sql`update appointment set status = 'cancelled' where id = ${latest}`.execute(api.db))).toBeLessThan(30);
});

test('a value count is kept from the statement\'s own rows and its row read by key, not by reading the count table', async () => {
  // Another entity's many counts (a large count table): a statement that read it whole would touch every page.
  await sql`insert into value_count (entity, field, value, n) select 'grown', 'field', 'value ' || g, 1 from generate_series(1, 20000) g`.execute(api.db);
  expect(await pagesOf(api.db, 'value_count')).toBeGreaterThan(60);
  const statusCount = async (value: string) => (await sql<{ n: number }>`select n::int as n from value_count
    where entity = 'appointments' and field = 'status' and value = ${value}`.execute(api.db)).rows[0]?.n ?? 0;
  const grown = (await sql<{ id: number }>`select id from appointment where status = 'completed' order by id desc limit 2000`.execute(api.db)).rows.map((r) => r.id);
  expect(grown).toHaveLength(2000);
  const completed = await statusCount('completed');
  expect(await heapPagesRead(api.db, 'value_count', () => sql`update appointment set status = 'missed' where id = ${grown[0]}`.execute(api.db))).toBeLessThan(10);
  expect(await statusCount('completed')).toBe(completed - 1);
  // Many rows in one statement: grouped from the statement's own rows, linear, whatever plan the first call kept.
  expect(await heapPagesRead(api.db, 'value_count', () => sql`update appointment set status = 'cancelled' where id = any(${grown}::int[])`.execute(api.db))).toBeLessThan(10);
  const due = await sql<{ n: number }>`select count(*)::int as n from appointment where status = 'cancelled'`.execute(api.db);
  expect(await statusCount('cancelled')).toBe(due.rows[0].n);
  await sql`delete from value_count where entity = 'grown'`.execute(api.db);
});

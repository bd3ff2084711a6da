import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { can, ENTITIES, getEntity, listQueryString, type EntityDef } from '../../src/registry';
import { RECORD_COUNT_CAP } from '../../src/server/search/caps';
import { DAY_COUNTED } from '../../src/server/search/day-counts';
import { PAYMENT_COUNTED } from '../../src/server/search/payment-counts';
import { deleteRecord, restoreRecord, SYSTEM_ACTOR } from '../../src/server/crud/write';
import { filterSql } from '../../src/server/records/list-filter';
import { ident } from '../../src/server/db/entity-table';
import { countedFields, dueValueCounts, ensureValueCounts, sourceOf } from '../../src/server/search/value-counts';
import { setupApi } from './harness';
import { untilWaitingOnLock } from './lock-wait';
import { listed } from './list-plan';

/**
 * The counts of each value of each entity's counted fields (migration 0028, search/value-counts.ts): for every entity
 * the registry gives counted fields, the kept counts equal a count of its records after creates, updates that change a
 * value and that change none, a delete and a restore, bulk statements and a truncate; a list filtered by one value
 * reads its total from them and it is what a count of the records says. Two writers at once (PostgreSQL), and an
 * entity whose recorded fields differ from the registry's (reinstalled and refilled at start).
 */
const api = setupApi({ roles: ['superadmin'] });
const onPostgres = !!process.env.TEST_DATABASE_URL;
const COUNTED = ENTITIES.filter((def) => countedFields(def).length > 0);
const table = (def: EntityDef) => sql.raw(ident(def.table));
const column = (def: EntityDef, field: string) => sql.raw(ident(countedFields(def).find((c) => c.field === field)!.column));

type Count = { field: string; value: string; n: number };
const kept = async (def: EntityDef) => (await sql<Count>`select field, value, n::int as n from value_count
  where entity = ${def.name} and n <> 0 order by 1, 2`.execute(api.db)).rows;
const due = async (def: EntityDef) => (await sql<Count>`select field, value, n::int as n from (${dueValueCounts(def)}) d order by 1, 2`.execute(api.db)).rows;
const expectInStep = async (def: EntityDef, step: string) => expect(await kept(def), `${def.name}: ${step}`).toEqual(await due(def));
/** The entity's count rows as last written (each row's transaction id): unchanged when no statement wrote them. */
const written = async (def: EntityDef) => (await sql<{ v: string }>`select field || '=' || value || '@' || xmin::text as v from value_count
  where entity = ${def.name} order by 1`.execute(api.db)).rows.map((r) => r.v);

async function direct(def: EntityDef, field: string, value: string): Promise<number> {
  return Number((await sql<{ n: number }>`select count(*)::int as n from ${table(def)} t where ${filterSql(def, field, value)}`.execute(api.db)).rows[0].n);
}

/** Up to `n` new records of the entity, made as the seed makes them. */
async function make(def: EntityDef, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const made = await api.insert(def);
    if (made) ids.push(Number(made.id));
  }
  return ids;
}

/** Whether another table's foreign key points at the entity's: those records may not be truncated or freely deleted. */
const referenced = async (def: EntityDef) => (await sql`select 1 from pg_constraint where contype = 'f' and confrelid = ${def.table}::regclass
  and conrelid <> confrelid`.execute(api.db)).rows.length > 0;

describe.each(COUNTED.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  test('the counts equal its records after every kind of write, and its filtered lists read them', async () => {
    const ids = await make(def, 4);
    await expectInStep(def, 'creates');
    // No record can be made when a unique counted field has each of its values taken (the roles): its lists are read as seeded.
    if (ids.length < 2) expect(countedFields(def).some((c) => def.fields[c.field].unique), `${def.name}: records made`).toBe(true);
    else await writeEach(def, ids);
    for (const { field } of countedFields(def)) {
      for (const value of def.fields[field].values!) {
        const query = listQueryString({ filters: { [field]: value }, limit: 1 });
        const first = await listed(api, def, query);
        expect(first.plan.count, `${def.name} ${field}=${value}`).toBe('kept');
        expect(first.body.total, `${def.name} ${field}=${value}`).toBe(await direct(def, field, value));
        if (!first.body.nextCursor) continue;
        const next = await listed(api, def, `${query}&cursor=${encodeURIComponent(first.body.nextCursor)}`);
        expect(next.plan.count).toBe('kept');
        expect(next.body.total).toBe(first.body.total);
      }
    }
  });
});

/** Every kind of write to the new records `ids`, the counts checked after each. */
async function writeEach(def: EntityDef, ids: number[]): Promise<void> {
  for (const { field } of countedFields(def)) {
    const values = def.fields[field].values!;
    const c = column(def, field);
    const now = (await sql<{ v: string | null }>`select ${c} as v from ${table(def)} where id = ${ids[0]}`.execute(api.db)).rows[0].v;
    await sql`update ${table(def)} set ${c} = ${values.find((v) => v !== now) ?? values[0]} where id = ${ids[0]}`.execute(api.db);
    await expectInStep(def, `${field} changed`);
    const before = await written(def);
    await sql`update ${table(def)} set ${c} = ${c}, updated_at = now() where id = any(${ids}::int[])`.execute(api.db);
    await sql`insert into ${table(def)} select * from ${table(def)} where id = any(${ids}::int[]) on conflict (id) do nothing`.execute(api.db);
    await sql`insert into ${table(def)} select * from ${table(def)} where id = ${ids[1]} on conflict (id) do update set version = excluded.version`.execute(api.db);
    expect(await written(def), `${def.name}.${field}: writes that change no value write no count`).toEqual(before);
    if (!def.fields[field].required) {
      await sql`update ${table(def)} set ${c} = null where id = ${ids[1]}`.execute(api.db);
      await expectInStep(def, `${field} emptied`);
    }
    // One statement over several rows, each to a value of its own.
    await sql`update ${table(def)} set ${c} = (${values}::text[])[1 + id % ${values.length}] where id = any(${ids}::int[])`.execute(api.db);
    await expectInStep(def, `${field} in bulk`);
  }
  await deleteRecord(api.db, def, ids[0], SYSTEM_ACTOR);
  await expectInStep(def, 'deleted');
  await restoreRecord(api.db, def, ids[0], SYSTEM_ACTOR);
  await expectInStep(def, 'restored');
  if (await referenced(def)) return;
  await sql`delete from ${table(def)} where id = any(${ids.slice(1)}::int[])`.execute(api.db);
  await expectInStep(def, 'deleted in bulk');
}

// Every entity's records are counted whole: its list with no filter reads its total from the counts (appointments and
// payments from their own kept counts, which answer first).
const OWN_COUNTS: string[] = [DAY_COUNTED.entity, PAYMENT_COUNTED.entity];
const LISTED = ENTITIES.filter((def) => can('superadmin', def.name, 'list'));
describe.each(LISTED.map((def) => [def.name, def] as const))('%s: its total', (_name, def) => {
  test('the total equals its records after creates, a delete and a restore, and its unfiltered list reads it', async () => {
    const ids = await make(def, 2);
    await expectInStep(def, 'creates');
    if (ids.length) {
      await deleteRecord(api.db, def, ids[0], SYSTEM_ACTOR);
      await expectInStep(def, 'deleted');
      await restoreRecord(api.db, def, ids[0], SYSTEM_ACTOR);
      await expectInStep(def, 'restored');
    }
    const first = await listed(api, def, listQueryString({ limit: 1 }));
    if (!OWN_COUNTS.includes(def.name)) expect(first.plan.count, def.name).toBe('kept');
    const records = Number((await sql<{ n: number }>`select count(*)::int as n from ${table(def)}`.execute(api.db)).rows[0].n);
    expect(first.body.total, def.name).toBe(Math.min(records, RECORD_COUNT_CAP + 1));
  });
});

describe('across entities', () => {
  test('a truncate clears the entity\'s counts, and its rollback brings them back', async () => {
    const def = COUNTED.find((d) => d.name === 'membershipcard') ?? COUNTED[0];
    await make(def, 2);
    expect((await kept(def)).length).toBeGreaterThan(0);
    const rollBack = new Error('roll back');
    await expect(api.db.transaction().execute(async (tx) => {
      await sql`truncate ${table(def)} cascade`.execute(tx);
      const left = await sql`select 1 from value_count where entity = ${def.name} and n <> 0`.execute(tx);
      expect(left.rows).toHaveLength(0);
      throw rollBack;
    })).rejects.toBe(rollBack);
    await expectInStep(def, 'truncate rolled back');
  });

  test('a filter the counts do not hold (two fields, a scope, a term) is counted from the records', async () => {
    const def = getEntity('patients');
    const [first, second] = countedFields(def);
    const two = await listed(api, def, listQueryString({ filters: { [first.field]: def.fields[first.field].values![0], [second.field]: def.fields[second.field].values![0] }, limit: 1 }));
    expect(two.plan.count).not.toBe('kept');
    const term = await listed(api, def, listQueryString({ q: 'a', filters: { [first.field]: def.fields[first.field].values![0] }, limit: 1 }));
    expect(term.plan.count).not.toBe('kept');
  });

  // Each statement takes its count rows in key order, and holds them until it commits: a second writer of the same
  // values waits for the first, then adds to what it left. (PGlite runs one transaction at a time: PostgreSQL only.)
  test.runIf(onPostgres)('two writers at once on the same values: the second waits for the first, and both count', async () => {
    const def = getEntity('membershipcard');
    const { field } = countedFields(def)[0];
    const [from, to] = def.fields[field].values!;
    const c = column(def, field);
    const [one, two] = await make(def, 2);
    await sql`update ${table(def)} set ${c} = ${from} where id = any(${[one, two]}::int[])`.execute(api.db);
    let second: Promise<void> | undefined;
    await api.db.transaction().execute(async (tx) => {
      await sql`update ${table(def)} set ${c} = ${to} where id = ${one}`.execute(tx);
      second = api.db.transaction().execute(async (tx2) => { await sql`update ${table(def)} set ${c} = ${to} where id = ${two}`.execute(tx2); });
      // Until the second write waits on this one's count rows.
      await untilWaitingOnLock(api.db, 'update "membership_card"');
    });
    await second;
    await expectInStep(def, 'two writers');
  });

  test.runIf(onPostgres)('many writers at once, one statement each, leave the counts right', async () => {
    const def = getEntity('membershipcard');
    const { field } = countedFields(def)[0];
    const values = def.fields[field].values!;
    const ids = await make(def, 12);
    await Promise.all([
      ...ids.map((id, i) => sql`update ${table(def)} set ${column(def, field)} = ${values[i % values.length]} where id = ${id}`.execute(api.db)),
      ...ids.map(() => api.insert(def)),
      sql`update ${table(def)} set ${column(def, field)} = ${values[0]} where id = any(${ids.slice(0, 6)}::int[])`.execute(api.db),
    ]);
    await expectInStep(def, 'writers at once');
  });
});

describe('at start', () => {
  const def = getEntity('fmcslots');

  test('an entity whose recorded fields differ from the registry\'s gets its triggers reinstalled and its counts refilled', async () => {
    await make(def, 3);
    const { field } = countedFields(def)[0];
    await sql`update value_count_source set source = 'status=old_column' where entity = ${def.name}`.execute(api.db);
    await sql`update value_count set n = n + 7 where entity = ${def.name}`.execute(api.db);
    for (const kind of ['added', 'changed', 'removed', 'cleared']) await sql.raw(`drop trigger value_count_${kind} on ${ident(def.table)}`).execute(api.db);
    // Not read while the database counts something else.
    const value = def.fields[field].values![0];
    expect((await listed(api, def, listQueryString({ filters: { [field]: value }, limit: 1 }))).plan.count).not.toBe('kept');
    await ensureValueCounts(api.db);
    expect((await sql<{ source: string }>`select source from value_count_source where entity = ${def.name}`.execute(api.db)).rows[0].source).toBe(sourceOf(def));
    await expectInStep(def, 'refilled');
    await make(def, 1);
    await expectInStep(def, 'written after the reinstall');
    expect((await listed(api, def, listQueryString({ filters: { [field]: value }, limit: 1 }))).plan.count).toBe('kept');
  });

  test('a database in step is left alone, and every entity is recorded', async () => {
    expect((await sql<{ n: number }>`select count(*)::int as n from value_count_source`.execute(api.db)).rows[0].n).toBe(ENTITIES.length);
    await sql`update value_count set n = n + 1 where entity = ${def.name}`.execute(api.db);
    await ensureValueCounts(api.db);
    expect(await kept(def)).not.toEqual(await due(def));
    await sql`update value_count set n = n - 1 where entity = ${def.name}`.execute(api.db);
    await expectInStep(def, 'left alone');
  });
});

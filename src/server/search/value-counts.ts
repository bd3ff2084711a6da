import { sql } from 'kysely';
import { columnName, ENTITIES, filterKeys, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';

/**
 * How many records hold each value of an entity's counted fields, kept in `value_count` (migration 0028) by statement
 * triggers on the entity's table: a list filtered by one such value and nothing else reads its total from one row
 * (list-ways.ts keptCount) where counting reads every matching record up to RECORD_COUNT_CAP. The fields, the
 * triggers and the record of what they count (`value_count_source`) all come from the registry at start
 * (ensureValueCounts), as the sort keys' do (sort-key.ts).
 *
 * A deleted record leaves its table for the trash and a restore puts it back (crud/trash.ts), so the triggers see both
 * as a delete and an insert: the counts hold the records a list can show. Every entity's records are also counted
 * whole (TOTAL: field `*`, value ''), the count of its list with no filter at all.
 */

/** A counted field: its name in the registry and its column. */
export interface CountedField { field: string; column: string }

/**
 * The fields counted: the entity's enum fields a list filters by, whose filter is an equality with one of its values
 * (records/list-filter.ts). A computed field shown as an enum is filtered by a pattern, and is not counted.
 */
export function countedFields(def: EntityDef): CountedField[] {
  if (!fields.has(def.name)) {
    fields.set(def.name, filterKeys(def).filter((k) => def.fields[k].kind === 'enum').map((field) => ({ field, column: columnName(field, def.fields[field]) })));
  }
  return fields.get(def.name)!;
}

/** Worked out once per entity: every list without a term asks. */
const fields = new Map<string, CountedField[]>();

/**
 * The form of the triggers' statements: raised when applySql or the triggers change, so that a database whose
 * triggers were installed before has them reinstalled (and its counts refilled) at its next start.
 */
const TRIGGER_FORM = 2;

/** The (field, value) under which every record of the entity is counted: its total. */
const TOTAL = { field: '*', value: '' } as const;

/** What an entity's triggers count, as recorded: a change of the registry's counted fields, or of TRIGGER_FORM, is seen at start. */
export const sourceOf = (def: EntityDef) => `${TRIGGER_FORM}:${countedFields(def).map((c) => `${c.field}=${c.column}`).join(',') || 'total'}`;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Each counted value of each row of `rows` (a table or a transition table) as (field, value), nulls left out, and TOTAL. */
const valuesOf = (counted: CountedField[], rows: string) => {
  const values = [`(${literal(TOTAL.field)}, ${literal(TOTAL.value)})`, ...counted.map((c) => `(${literal(c.field)}, t.${ident(c.column)}::text)`)];
  return `${rows} t cross join lateral (values ${values.join(', ')}) v(field, value) where v.value is not null`;
};

/**
 * Adds each value of each part's rows times its delta, per (field, value), skipping the sums of 0 (an update that left
 * a value as it was, an upsert that changed nothing), in key order so that two writers take the rows they share in the
 * same order. The only table read is `value_count`, by its primary key (the upsert's arbiter); the
 * transition tables are grouped by hash or sort, linear at any size, whatever plan the first call kept (0027).
 */
function applySql(def: EntityDef, counted: CountedField[], parts: [rows: string, delta: 1 | -1][]): string {
  const part = ([rows, delta]: [string, number]) => `select v.field, v.value, ${delta} as delta from ${valuesOf(counted, rows)}`;
  return `insert into value_count (entity, field, value, n)
    select ${literal(def.name)}, r.field, r.value, sum(r.delta)
    from (${parts.map(part).join(' union all ')}) r
    group by r.field, r.value having sum(r.delta) <> 0
    order by r.field, r.value
    on conflict (entity, field, value) do update set n = value_count.n + excluded.n`;
}

const TRIGGERS = ['added', 'changed', 'removed', 'cleared'] as const;
const triggerName = (kind: (typeof TRIGGERS)[number]) => ident(`value_count_${kind}`);
const functionName = (def: EntityDef, kind: (typeof TRIGGERS)[number]) => ident(`value_count__${def.table}_${kind}`);

async function dropTriggers(db: DB, def: EntityDef): Promise<void> {
  for (const kind of TRIGGERS) await sql.raw(`drop trigger if exists ${triggerName(kind)} on ${ident(def.table)}`).execute(db);
}

async function installTriggers(db: DB, def: EntityDef, counted: CountedField[]): Promise<void> {
  const table = ident(def.table);
  const fn = (kind: (typeof TRIGGERS)[number], body: string) => sql.raw(`create or replace function ${functionName(def, kind)}() returns trigger
    language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
  await fn('added', applySql(def, counted, [['added', 1]]));
  await fn('changed', applySql(def, counted, [['after_rows', 1], ['before_rows', -1]]));
  await fn('removed', applySql(def, counted, [['removed', -1]]));
  await fn('cleared', `delete from value_count where entity = ${literal(def.name)}`);
  await sql.raw(`create trigger ${triggerName('added')} after insert on ${table} referencing new table as added
    for each statement execute function ${functionName(def, 'added')}()`).execute(db);
  await sql.raw(`create trigger ${triggerName('changed')} after update on ${table} referencing old table as before_rows new table as after_rows
    for each statement execute function ${functionName(def, 'changed')}()`).execute(db);
  await sql.raw(`create trigger ${triggerName('removed')} after delete on ${table} referencing old table as removed
    for each statement execute function ${functionName(def, 'removed')}()`).execute(db);
  await sql.raw(`create trigger ${triggerName('cleared')} after truncate on ${table}
    for each statement execute function ${functionName(def, 'cleared')}()`).execute(db);
}

/** The entity's counts as its records stand: what `value_count` must hold (the fill, and the tests' check). */
export const dueValueCounts = (def: EntityDef) => sql.raw(`select ${literal(def.name)}::text as entity, v.field::text as field, v.value, count(*)::bigint as n
    from ${valuesOf(countedFields(def), ident(def.table))} group by 2, 3`);

/** The entity's triggers (re)installed and its counts refilled from its table. */
async function refill(db: DB, def: EntityDef): Promise<void> {
  // No write between the fill and the triggers: both are in this transaction, with writes to the table held off.
  await sql.raw(`lock table ${ident(def.table)} in share row exclusive mode`).execute(db);
  await dropTriggers(db, def);
  await installTriggers(db, def, countedFields(def));
  await sql`delete from value_count where entity = ${def.name}`.execute(db);
  await sql`insert into value_count (entity, field, value, n) ${dueValueCounts(def)}`.execute(db);
  await sql`insert into value_count_source (entity, source) values (${def.name}, ${sourceOf(def)})
    on conflict (entity) do update set source = excluded.source`.execute(db);
}

/**
 * At start: every entity whose recorded source differs from the registry's (a new database, a new entity, a field
 * made an enum or dropped) gets its triggers reinstalled and its counts refilled, in one transaction under a lock, so
 * that processes starting together on one PostgreSQL do it once. A database already in step costs one read.
 */
export async function ensureValueCounts(db: DB, log: (line: string) => void = () => {}): Promise<void> {
  const stale = async (conn: DB) => {
    const recorded = new Map((await sql<{ entity: string; source: string }>`select entity, source from value_count_source`.execute(conn)).rows.map((r) => [r.entity, r.source]));
    return ENTITIES.filter((def) => recorded.get(def.name) !== sourceOf(def));
  };
  if (!(await stale(db)).length) return;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('value_count'))`.execute(tx);
    for (const def of await stale(tx)) {
      const started = performance.now();
      await refill(tx, def);
      const ms = performance.now() - started;
      if (ms > 1000) log(`Value counts of ${def.name} filled in ${(ms / 1000).toFixed(1)} s`);
    }
  });
}

/**
 * How many records of the entity hold `value` in `field`, from the counts: null when the field is not counted, or
 * the database's triggers count something else (a process whose registry differs started since).
 */
export async function keptValueCount(db: DB, def: EntityDef, field: string, value: string): Promise<number | null> {
  if (!countedFields(def).some((c) => c.field === field)) return null;
  return readCount(db, def, field, value);
}

/** How many records the entity holds, from the counts (null as keptValueCount). */
export const keptTotal = (db: DB, def: EntityDef) => readCount(db, def, TOTAL.field, TOTAL.value);

async function readCount(db: DB, def: EntityDef, field: string, value: string): Promise<number | null> {
  const res = await sql<{ source: string | null; n: string | null }>`select (select source from value_count_source where entity = ${def.name}) as source,
    (select n from value_count where entity = ${def.name} and field = ${field} and value = ${value})::text as n`.execute(db);
  const row = res.rows[0];
  return row?.source === sourceOf(def) ? Number(row.n ?? 0) : null;
}

import { sql, type RawBuilder } from 'kysely';
import { columnName, columnsOf, ENTITIES, type EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { ident, snake, tableOf } from '../db/entity-table';

/**
 * Each search row carries its record's value of the entity's default sort field (`sort_text` for text, `sort_num`
 * for numbers, dates and times; migration 0009), indexed with the entity: the list search box can then read an
 * entity's search rows in list order and check each one's text there, instead of reading the list and looking each
 * row's search row up (several times the cost a row: bench/list-search-figures.md), or gathering every match and
 * visiting its record to sort it.
 *
 * The key is copied from the record's own column by SQL, so it sorts exactly as the column does (same type, same
 * collation): with the search row (upsertSearchRow), by a trigger on the entity's table when something else changes
 * the column (a hook, a restore, a bulk update), and in bulk where search rows are written in bulk (fillSortKeys).
 * ensureSortKeys, at start, installs the triggers the registry's default sorts call for and refills an entity whose
 * default sort changed since, so no hand-kept copy of the default sorts exists beside the registry.
 */
export interface SortKey { entity: string; table: string; column: string; target: 'sort_text' | 'sort_num'; expr: (alias: string) => string }

/** Column types whose order a key reproduces exactly: text as text, the rest as numeric (epoch seconds for time kinds). */
const NUMERIC_EXPR: Record<string, (c: string) => string> = {
  integer: (c) => `${c}::numeric`,
  'numeric(12,2)': (c) => `${c}::numeric`,
  date: (c) => `extract(epoch from ${c})`,
  'timestamptz(3)': (c) => `extract(epoch from ${c})`,
  time: (c) => `extract(epoch from ${c})`,
};

/**
 * The key of the entity's default sort, or null when its column's order cannot be copied exactly (a double, whose
 * conversion to numeric rounds; a boolean): lists of such an entity search as before.
 */
export function sortKeyOf(def: EntityDef): SortKey | null {
  if (!keys.has(def.name)) keys.set(def.name, keyOf(def));
  return keys.get(def.name)!;
}

/** Worked out once per entity: every write and every list search asks. */
const keys = new Map<string, SortKey | null>();

/** The columns every entity table has (entity-table.ts), by field, with their types. */
const SYSTEM_COLUMNS: Record<string, string> = { id: 'integer', createdAt: 'timestamptz(3)', updatedAt: 'timestamptz(3)' };

function keyOf(def: EntityDef): SortKey | null {
  const field = def.defaultSort.field;
  const system = SYSTEM_COLUMNS[field];
  const column = system ? snake(field) : columnName(field, def.fields[field]);
  const type = system ?? columnsOf(def, tableOf).find((c) => c.column === column)?.type;
  if (!type) return null;
  const base = { entity: def.name, table: def.table, column };
  if (type === 'text') return { ...base, target: 'sort_text', expr: (a) => `${a}.${ident(column)}` };
  const numeric = NUMERIC_EXPR[type];
  return numeric ? { ...base, target: 'sort_num', expr: (a) => numeric(`${a}.${ident(column)}`) } : null;
}

/** `sort_text` and `sort_num` as SQL over the entity's row under `alias`: the key's column and null, or two nulls. */
export function keyColumns(def: EntityDef, alias: string): { text: RawBuilder<unknown>; num: RawBuilder<unknown> } {
  const key = sortKeyOf(def);
  const of = (target: SortKey['target']) => (key?.target === target ? sql.raw(key.expr(alias)) : sql`null`);
  return { text: of('sort_text'), num: of('sort_num') };
}

/** `sort_text` and `sort_num` of a record of the entity, read from it, for the search row written beside it. */
export function sortKeyValues(def: EntityDef, id: number): { text: RawBuilder<unknown>; num: RawBuilder<unknown> } {
  const key = sortKeyOf(def);
  // The other column stays a bare null: a subquery of null would be typed text.
  const of = (target: SortKey['target']) => (key?.target === target
    ? sql`(select ${sql.raw(key.expr('t'))} from ${sql.raw(ident(def.table))} t where t.id = ${id})`
    : sql`null`);
  return { text: of('sort_text'), num: of('sort_num') };
}

/** Sets the keys of the entity's search rows (of `ids`, else all) from its records: after search rows written in bulk. Answers how many. */
export async function fillSortKeys(db: DB, def: EntityDef, ids?: number[]): Promise<number> {
  const { text, num } = keyColumns(def, 't');
  const res = await sql`update search_index s set sort_text = ${text}, sort_num = ${num} from ${sql.raw(ident(def.table))} t
    where s.entity = ${def.name} and s.record_id = t.id${ids ? sql` and t.id = any(${ids}::int[])` : sql``}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Rows refilled at start past which the search table is vacuumed: each refilled row left a dead copy behind. */
const VACUUM_AFTER_ROWS = 10_000;

const triggerName = 'search_sort_key';
const functionName = (table: string) => ident(`search_sort_key__${table}`);

/** What a key is made from; recorded per entity, so that a change of the registry's default sort is seen at start. */
const sourceOf = (def: EntityDef) => {
  const key = sortKeyOf(def);
  return key ? `${key.table}.${key.column} as ${key.target}` : 'none';
};

/** The trigger that keeps the key when the column changes outside upsertSearchRow. */
async function installTrigger(db: DB, key: SortKey) {
  const table = ident(key.table);
  const column = ident(key.column);
  const other = key.target === 'sort_text' ? 'sort_num' : 'sort_text';
  await sql.raw(`create or replace function ${functionName(key.table)}() returns trigger language plpgsql as $$
    begin
      update search_index set ${key.target} = ${key.expr('new')}, ${other} = null
        where entity = '${key.entity.replace(/'/g, "''")}' and record_id = new.id;
      return null;
    end $$`).execute(db);
  await sql.raw(`drop trigger if exists ${triggerName} on ${table}`).execute(db);
  await sql.raw(`create trigger ${triggerName} after update of ${column} on ${table} for each row
    when (old.${column} is distinct from new.${column}) execute function ${functionName(key.table)}()`).execute(db);
}

/**
 * At start: every entity whose recorded key source differs from the registry's (a new database, a new entity, a
 * changed default sort) gets its trigger (re)installed and its search rows' keys refilled, in one transaction under
 * a lock, so that processes starting together on one PostgreSQL do it once. A database already in step costs one read.
 */
export async function ensureSortKeys(db: DB, log: (line: string) => void = () => {}): Promise<void> {
  const stale = async (conn: DB) => {
    const recorded = new Map((await sql<{ entity: string; source: string }>`select entity, source from search_sort_key`.execute(conn)).rows.map((r) => [r.entity, r.source]));
    return ENTITIES.filter((def) => recorded.get(def.name) !== sourceOf(def));
  };
  if (!(await stale(db)).length) return;
  let filled = 0;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('search_sort_key'))`.execute(tx);
    for (const def of await stale(tx)) {
      const key = sortKeyOf(def);
      await sql.raw(`drop trigger if exists ${triggerName} on ${ident(def.table)}`).execute(tx);
      if (key) await installTrigger(tx, key);
      const started = performance.now();
      filled += await fillSortKeys(tx, def);
      const ms = performance.now() - started;
      if (ms > 1000) log(`Search rows of ${def.name} given their sort keys in ${(ms / 1000).toFixed(1)} s`);
      await sql`insert into search_sort_key (entity, source) values (${def.name}, ${sourceOf(def)})
        on conflict (entity) do update set source = excluded.source`.execute(tx);
    }
  });
  // The embedded database has no autovacuum: the dead copies would stay in every index scan's way (the list search box's
  // slowest terms ran slower until a vacuum, bench/list-search-figures.md). Outside the transaction,
  // as VACUUM must be.
  if (filled > VACUUM_AFTER_ROWS) {
    const started = performance.now();
    await sql`vacuum (analyze) search_index`.execute(db);
    log(`Search table vacuumed after its sort keys in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

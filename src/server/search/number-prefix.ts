import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../registry';
import { col } from '../records/columns';
import type { DB } from '../db/connection';
import { MATCH_COUNT_CAP } from './caps';
import { LIST_WALK_RECORDS } from './cost';
import { keysetRanges, selectPage, whereOf } from './list-order';
import { ident } from '../db/entity-table';
import { pastPrefix } from './palette';
import { docContains } from './text';

/**
 * A number typed from its start with its year (`apt-2026-`, `apt-2026-0001`; migration 0024). The matches of such a
 * term are the records whose number starts with it (their title), and the few whose text names a number of their own
 * kind elsewhere (`search_number_mentioned`): every other record's text holds the kind's letters only where its own
 * number is, followed by a blank. So the page is read as ranges instead of through the trigram index, which brings
 * every record of the kind:
 *
 * - up to MATCH_COUNT_CAP numbers start with the term (`apt-2026-0001`): their ids from the titles' range, with the
 *   mentions, then the page among those ids in list order;
 * - more (a year, `apt-2026-`): the page from the start of the series' range of the table's (series, list order)
 *   index, each number checked (seriesWalk), merged with the mentions.
 *
 * The answer is the trigram index's (tests/api/number-prefix.test.ts compares them).
 */

/** The letters of an entity's numbers (`apt`), when its title is a required number of the form `APT-YYYY-…`. */
export function numberLetters(def: EntityDef): string | null {
  if (def.titleFields.length !== 1) return null;
  const field = def.fields[def.titleFields[0]];
  const letters = field?.required && field.kind === 'code' ? /^\^([A-Z]+)-\[0-9\]\{4\}-/.exec(field.pattern?.source ?? '') : null;
  return letters ? letters[1].toLowerCase() : null;
}

/** The series (`apt-2026-`) of a term that is the start of one of the entity's numbers up to its year at least. */
export function numberSeries(def: EntityDef, q: string): string | null {
  const letters = numberLetters(def);
  const term = q.toLowerCase();
  return letters && new RegExp(`^${letters}-[0-9]{4}(?:-[0-9]*)?$`).test(term) ? `${term.slice(0, letters.length + 5)}-` : null;
}

/** The series of a number as the table's index (migration 0024) holds it. */
const seriesOf = (def: EntityDef) => sql`lower(substring(${sql.raw(col(def, def.titleFields[0]))} from '^[A-Za-z]+-[0-9]{4}-'))`;

/**
 * The picker's page for a number's start with its year: up to `need` records of `scope` whose text contains `q`, in
 * `order` (the entity's default sort), or null when the term is not such a start or more than MATCH_COUNT_CAP
 * records name such numbers elsewhere (the caller asks the trigram index).
 */
export async function numberPrefixPage(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, q: string) {
  const series = numberSeries(def, q);
  if (!series) return null;
  const term = q.toLowerCase();
  const mentions = (await sql<{ id: number }>`select record_id as id from search_index
    where entity = ${def.name} and search_number_mentioned(title, doc) and ${docContains(term, sql`(doc || '')`)} limit ${MATCH_COUNT_CAP + 1}`.execute(db)).rows.map((r) => r.id);
  if (mentions.length > MATCH_COUNT_CAP) return null;
  const among = (ids: number[]) => selectPage(db, def, [...scope, sql`t.id = any(${ids}::int[])`], order, need);
  // A year (`apt-2026-`, `apt-2026`): every number of the series starts so, its first rows are the page.
  const wholeSeries = series.startsWith(term);
  if (!wholeSeries) {
    const key = sql`(lower(title) collate "C")`;
    const numbered = (await sql<{ id: number }>`select record_id as id from search_index
      where ${key} >= ${term} and ${key} < ${pastPrefix(term)!} and entity = ${def.name} limit ${MATCH_COUNT_CAP + 1}`.execute(db)).rows.map((r) => r.id);
    if (numbered.length <= MATCH_COUNT_CAP) return (await among(await firstInOrder(db, def, scope, order, need, [...numbered, ...mentions]))).rows;
  }
  const page = await seriesWalk(db, def, [...scope, sql`${seriesOf(def)} = ${series}`], order, need, wholeSeries ? null : term);
  if (!page) return null;
  return mentions.length ? (await among([...page.map((r) => Number(r.id)), ...mentions])).rows : page;
}

/**
 * The first `need` of up to MATCH_COUNT_CAP ids in list order, sorted by their ids and keys alone: the page's records
 * are then read whole, not every one of the ids' (a thousand appointments with their prescriptions). Materialized
 * first: asked for a few ids in list order, PostgreSQL walks the list's index looking for them, through every record
 * when they are old (a year's first numbers).
 */
async function firstInOrder(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, ids: number[]) {
  const key = sql.raw(col(def, def.defaultSort.field));
  return (await sql<{ id: number }>`with t as materialized (select t.id, ${key} from ${sql.raw(ident(def.table))} t
    ${whereOf([...scope, sql`t.id = any(${ids}::int[])`])}) select t.id from t order by ${order} limit ${need}`.execute(db)).rows.map((r) => Number(r.id));
}

/** Rows of the series' range read a statement at a time: small enough that PostgreSQL reads it in order, not whole. */
const SERIES_STEP = 200;

/**
 * The first `need` rows of the series (`where`) in list order whose number starts with `term` (null: all do): read
 * SERIES_STEP at a time from the start of its range, each number checked here (as a condition, PostgreSQL would read
 * the whole year to sort it), up to LIST_WALK_RECORDS rows; null when those hold too few (the caller asks the index).
 */
async function seriesWalk(db: DB, def: EntityDef, where: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, term: string | null) {
  const field = def.defaultSort.field;
  const number = def.titleFields[0];
  const found: Record<string, unknown>[] = [];
  let after: RawBuilder<unknown>[] = [];
  // Every row matches when term is null: the page is the first `need`.
  const step = term ? SERIES_STEP : need;
  for (let read = 0; read < LIST_WALK_RECORDS; read += step) {
    const rows = (await selectPage(db, def, [...where, ...after], order, step)).rows;
    found.push(...(term ? rows.filter((r) => String(r[number]).toLowerCase().startsWith(term)) : rows));
    if (found.length >= need || rows.length < step) return found.slice(0, need);
    const last = rows[rows.length - 1];
    after = [sql`(${sql.join(keysetRanges(sql.raw(col(def, field)), def.defaultSort.dir, last[field] ?? null, Number(last.id)), sql` or `)})`];
  }
  return null;
}

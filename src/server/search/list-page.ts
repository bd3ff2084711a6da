import type { RawBuilder } from 'kysely';
import type { EntityDef, ListQuery } from '../../registry';
import { toRecord } from '../records/columns';
import { attachLabels } from '../records/labels';
import { filterSql } from '../records/list-filter';
import type { DB } from '../db/connection';
import type { CountName, CountWayName } from './count-ways';
import { orderBy, type ListOrderWayName } from './list-order';
import { chooseListWay, listAsk, type ListWayName } from './list-ways';

/** What GET /api/{resource} answers: the page, its count (flagged when only "more than"), and the next page's cursor. */
export interface ListAnswer {
  data: Record<string, unknown>[];
  total: number;
  totalIsEstimate?: true;
  nextCursor: string | null;
}

/** How the answer was found: the way (LIST_WAYS), how it counted, and the ways under it. Never sent to the client. */
export interface ListPlan {
  way: ListWayName;
  count: CountName;
  /** Ways of LIST_WAYS that fell short before `way` answered. */
  declined: ListWayName[];
  /** Count ways that fell short before `count` answered. */
  countDeclined: CountWayName[];
  /** The way to each page in list order (LIST_ORDER_WAYS), for in-list-order and next-page. */
  inListOrder: ListOrderWayName[];
}

/**
 * The one entry point of the list search: a list's page (the first, or the one after `query.cursor`) and its count,
 * under the list's filters and `scope` (the caller's centres), found by the way LIST_WAYS chooses (README.md).
 */
export async function listPage(db: DB, def: EntityDef, query: ListQuery, scope: RawBuilder<unknown>[] = []): Promise<{ answer: ListAnswer; plan: ListPlan }> {
  const where: RawBuilder<unknown>[] = [...scope];
  for (const [k, v] of Object.entries(query.filters)) where.push(filterSql(def, k, v));
  const chosen = await chooseListWay(listAsk(db, def, query, where, orderBy(def, query.sort)));
  const found = chosen.answer;
  const plan: ListPlan = {
    way: chosen.name, count: found.count, declined: chosen.declined, countDeclined: found.countDeclined ?? [], inListOrder: found.inListOrder ?? [],
  };
  return { answer: await answer(db, def, query, found.rows, found.n, found.cap), plan };
}

/** A list's answer: `rows` (up to limit + 1, the one past the page telling that there is a next), `n` counted up to `cap`. */
async function answer(db: DB, def: EntityDef, query: ListQuery, rows: Record<string, unknown>[], n: number, cap: number): Promise<ListAnswer> {
  const page = rows.slice(0, query.limit).map((r) => toRecord(def, r));
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? JSON.stringify([last[query.sort.field] ?? null, last.id]) : null;
  await attachLabels(db, def, page);
  return { data: page, total: Math.min(n, cap), ...(n > cap ? { totalIsEstimate: true as const } : {}), nextCursor };
}

import { sql, type RawBuilder } from 'kysely';
import type { EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { LIST_HEAD_RECORDS, PICKER_WALK_MARGIN, PICKER_WALK_SEARCH_ROWS, SAMPLE_SEARCH_ROWS } from './cost';
import { headMatches, pageInListOrder, selectPage, textSearch, withHead } from './list-order';
import { allMatches, countByIdHead, keyOrder, walk } from './reads';
import { hasTrigram } from './text';

type Rows = Record<string, unknown>[];

/**
 * A reference picker's page for typed text (`/options?q=`): the first `need` records of `scope` in the entity's default
 * order whose search text holds `q`. A term too short for trigrams is read from the list's head (headMatches), then
 * the index. A longer one is first sampled (SAMPLE_SEARCH_ROWS search rows by id). A picker of the whole entity whose
 * default order its search rows hold as their key (reads.ts keyOrder) reads those rows in that order (byKey); any other
 * reads the list's head when the sample says it holds the page, then the ways to a page in list order.
 */
export async function pickerPage(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, q: string): Promise<Rows> {
  if (!hasTrigram(q)) return headThenIndex(db, def, scope, order, need, q, await headMatches(db, def, scope, order, need, q));
  const sampled = await countByIdHead(db, def, q, SAMPLE_SEARCH_ROWS, SAMPLE_SEARCH_ROWS);
  const key = scope.length === 0 ? keyOrder(def, def.defaultSort) : null;
  if (key) return byKey(db, def, order, key, need, q, sampled);
  // The trigram index brings every record that has a common term (a number's start, `apt-`), however many; the head
  // reads a bounded number of records.
  const head = (sampled * LIST_HEAD_RECORDS) / SAMPLE_SEARCH_ROWS >= need ? await headMatches(db, def, scope, order, need, q) : null;
  return headThenIndex(db, def, scope, order, need, q, head);
}

async function headThenIndex(db: DB, def: EntityDef, scope: RawBuilder<unknown>[], order: RawBuilder<unknown>, need: number, q: string, head: Rows | null) {
  if (head && head.length >= need) return head;
  return (await pageInListOrder(db, def, scope, order, need, withHead(await textSearch(db, def, q), head))).rows;
}

/**
 * The page from the search rows in key order: walked, each row checked where it lies, when the sample's rate of matches
 * puts the page within half of PICKER_WALK_SEARCH_ROWS (a search row read in key order costs a fraction of a record
 * read in list order and checked through its search row), reading at most PICKER_WALK_MARGIN times the rows that rate
 * says; else, or when the walk fell short (the matches lie later in the order than the sample says), every match
 * gathered through the trigram index with its key, and the first sorted.
 */
async function byKey(db: DB, def: EntityDef, order: RawBuilder<unknown>, key: RawBuilder<unknown>, need: number, q: string, sampled: number) {
  const expected = sampled > 0 ? (need * SAMPLE_SEARCH_ROWS) / sampled : Infinity;
  const reach = Math.min(PICKER_WALK_SEARCH_ROWS, Math.ceil(PICKER_WALK_MARGIN * expected));
  const walked = expected <= PICKER_WALK_SEARCH_ROWS / PICKER_WALK_MARGIN ? (await walk(db, def, q, key, need, reach)).ids : [];
  const ids = walked.length >= need ? walked : (await allMatches(db, def, q, key, need)).ids;
  return ids.length ? (await selectPage(db, def, [sql`t.id = any(${ids}::int[])`], order, need)).rows : [];
}

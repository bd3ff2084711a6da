import type { EntityDef } from '../../registry';
import type { DB } from '../db/connection';
import { MATCH_COUNT_CAP } from './caps';
import type { Way } from './choose';
import { COST, countByIdRows, countCosts, type Sample } from './cost';
import { pastCapById } from './reads';
import { hasTrigram, lookalikeStarts, matchCount } from './text';

/**
 * Counting a first page found by walking in key order (key-head, walk-on), up to the cap. Every other way counts as part
 * of its own statement, or knows its count (README.md, Counting).
 */
export interface CountAsk {
  db: DB; def: EntityDef; q: string;
  /** The matches the walk found. */
  seen: number;
  sample(): Promise<Sample>;
  size(): Promise<number | null>;
}

/** How a list's count was made: by one of COUNT_WAYS, or by the page's own way. */
export type CountName = CountWayName | 'with-page' | 'known-ids' | 'more-than-cap' | 'counted' | 'kept';

export type CountWayName = 'count-by-id' | 'count-through-index';

/**
 * What counting through the trigram index should cost, when it can be told: not for a term whose reading of the index
 * nothing here tells (a short one with a sign: "11:0"), nor in an entity without a size.
 */
async function throughIndexCosts(ask: CountAsk) {
  const size = await ask.size();
  const told = hasTrigram(ask.q) || lookalikeStarts(ask.q) !== null;
  return size === null || !told ? null : countCosts(await ask.sample(), size, ask.seen);
}

/**
 * By id when the sample says that costs less than the trigram index (a term common from the first rows by id, or one
 * whose letters start many words after a dot or an at sign: patients "ma"), or when the index's cost cannot be told
 * and the count by id should reach the cap; else through the index.
 */
export const COUNT_WAYS: readonly Way<CountWayName, CountAsk, number>[] = [
  {
    name: 'count-by-id', // the first search rows by id, until more than the cap have matched; falls short below the cap
    applies: async (ask) => countByIdRows((await ask.sample()).matches) !== null,
    estimate: async (ask) => countByIdRows((await ask.sample()).matches)! * COST.countedRow,
    run: async (ask) => ((await pastCapById(ask.db, ask.def, ask.q)) ? MATCH_COUNT_CAP + 1 : null),
  },
  {
    name: 'count-through-index',
    applies: () => true,
    estimate: async (ask) => (await throughIndexCosts(ask))?.byIndex ?? Infinity,
    run: (ask) => matchCount(ask.db, ask.def.name, ask.q, MATCH_COUNT_CAP),
  },
];

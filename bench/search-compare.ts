import path from 'node:path';
import type { SearchAnswer } from '../src/server/search';
import { searchRecords } from '../src/server/search';
import type { ScopeOwner } from '../src/server/records/scope';
import type { DB } from '../src/server/db/connection';
import { checkOut } from './compare';
import { openSearchData, SEARCH_TERMS } from './search-data';
import { percentile } from './timing';

type Search = (db: DB, who: ScopeOwner, q: string) => Promise<SearchAnswer>;

/**
 * The palette's search of this tree beside another build's, in one process on one data folder:
 * `npx tsx bench/search-compare.ts <git ref> [DATA_DIR] [term…]` checks the ref out in a temporary worktree, loads its
 * `searchRecords` beside this tree's, and calls both for each term RUNS times (default 60, after 5 warm-up calls
 * each), call by call, the order alternating, as the superadmin without the read's audit entries (the route's part,
 * the same on both sides). Prints each term's p50 and p95 on each side and their ratios (this / ref), then all terms'.
 * DATA_DIR as bench/search-profile.ts takes it (a bench data set such as .bench-data/scale-0.2, else the demo data).
 * The ref's modules run on this tree's packages, and its statements on this tree's database and migrations: a ref whose
 * search reads a table or column the head changed cannot be compared so.
 */
const RUNS = Number(process.env.RUNS ?? 60);
const WARMUP = 5;

async function main() {
  const [ref, dir = '.bench-load-search', ...named] = process.argv.slice(2);
  if (!ref) throw new Error('usage: npx tsx bench/search-compare.ts <git ref> [DATA_DIR] [term…]');
  const tree = checkOut(ref);
  const { database } = await openSearchData(dir);
  try {
    const theirs = (await import(path.join(tree.dir, 'src/server/search/index.ts'))) as { searchRecords: Search };
    const sides: [string, Search][] = [['this', searchRecords], [ref, theirs.searchRecords]];
    const who: ScopeOwner = { role: 'superadmin' };
    const all = new Map<string, number[]>(sides.map(([name]) => [name, []]));
    console.log(`Search compared: this tree / ${ref} (${tree.sha.slice(0, 9)}), ${RUNS} calls a term each, call by call (ms)`);
    for (const q of named.length ? named : SEARCH_TERMS) {
      const times = new Map<string, number[]>(sides.map(([name]) => [name, []]));
      for (let run = -WARMUP; run < RUNS; run++) {
        for (const [name, search] of run % 2 ? [...sides].reverse() : sides) {
          const started = performance.now();
          await search(database.db, who, q);
          const ms = performance.now() - started;
          if (run >= 0) { times.get(name)!.push(ms); all.get(name)!.push(ms); }
        }
      }
      console.log(line(JSON.stringify(q), times.get('this')!, times.get(ref)!));
    }
    console.log(line('all terms', all.get('this')!, all.get(ref)!));
  } finally {
    await database.close();
    tree.remove();
  }
}

function line(label: string, mine: number[], theirs: number[]): string {
  const [a, b] = [[...mine].sort((x, y) => x - y), [...theirs].sort((x, y) => x - y)];
  const at = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
  const ratio = (p: number) => (percentile(a, p) / percentile(b, p)).toFixed(2);
  return `  ${label.padEnd(24)} this p50 ${at(a, 0.5)} p95 ${at(a, 0.95)} | ref p50 ${at(b, 0.5)} p95 ${at(b, 0.95)} | p50 ${ratio(0.5)}× p95 ${ratio(0.95)}×`;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

import path from 'node:path';
import { boot } from '../src/server/boot';
import type { Config } from '../src/server/config';
import { readConfig } from '../src/server/config';
import type { Database } from '../src/server/db/connection';
import { mergePendingLists } from '../src/server/db/maintenance';
import { BENCH_PASSWORD, benchConfig, readMeta } from './seed';

/** Terms the search benches ask when none are named: common and rare names, two letters, a number's start, a miss. */
export const SEARCH_TERMS = ['sharma', 'an', 'sing', 'raj', 'apt', 'pri', 'xqzjv'];

/**
 * An embedded data folder opened in this process for the search benches: a bench data set (a folder named
 * `scale-…`, such as .bench-data/scale-0.2) as it is, else the demo data, seeded there on first use. The GIN indexes'
 * pending lists are merged, as the console does at start (db/maintenance.ts).
 */
export async function openSearchData(dir: string): Promise<{ database: Database; config: Config; password: string }> {
  const dataDir = path.resolve(dir);
  const bench = dataDir.includes('scale-');
  // A seed stopped half-way leaves its tables without their indexes (dropped for the load): figures of such a folder
  // are of sequential scans, not of the search.
  if (bench && !readMeta(dataDir)) throw new Error(`${dataDir} holds no complete data set: seed it with npm run bench -- --data --scale=…`);
  // DEMO_PASSWORD: a demo folder another bench seeded (bench/compare.ts's copies: bench-load-password).
  const password = bench ? BENCH_PASSWORD : process.env.DEMO_PASSWORD ?? BENCH_PASSWORD;
  const config = bench ? benchConfig(dataDir) : readConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: password, DEMO_DATA: '1' });
  const database = await boot(config);
  if (database.kind === 'pglite') await mergePendingLists(database.db);
  return { database, config, password };
}

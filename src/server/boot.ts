import type { Config } from './config';
import { openDatabase, type Database } from './db/connection';
import { migrate } from './migrations/migrate';
import { seedIfEmpty } from './seed/seed';
import { ensureDayCountZones, ensureSearchTexts, ensureSortKeys, ensureValueCounts, keptZones } from './search';
import { subscribeReaders } from './readers';
import { sealAuditLog } from './audit/audit-seal';

/** Opens the database, applies migrations and seeds an empty one. Shared by `npm start`, tests and the bench. */
export async function boot(config: Config, opts: { memory?: boolean; loadDataDir?: Blob; log?: (line: string) => void } = {}): Promise<Database> {
  const log = opts.log ?? (() => {});
  subscribeReaders();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: opts.memory ? undefined : config.dataDir, sharedBuffers: config.pgliteSharedBuffers, fsync: config.pgliteFsync, loadDataDir: opts.loadDataDir, log });
  try {
    const applied = await migrate(database.db, log);
    if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
    // Before the seed: its own writes then keep the keys through the triggers installed here.
    await ensureSortKeys(database.db, log);
    await ensureDayCountZones(database.db, keptZones(config.centreTimeZone), log);
    await ensureValueCounts(database.db, log);
    // Search texts made before they held their references' titles are rewritten once (search/search-text-upkeep.ts).
    await ensureSearchTexts(database.db, log);
    // Both steps are all-or-nothing (the migrator runs its migrations in one transaction, the seed is one
    // transaction), so a start that crashes midway is finished by the next start.
    await seedIfEmpty(database.db, { demoPassword: config.demoPassword, demoData: config.demoData, scryptLogN: config.scryptLogN, dataDir: config.dataDir, seller: config.seller, log });
    // The seed's audit rows, and any a stopped console left waiting, are chained before anything serves (audit/audit-seal.ts).
    const sealed = await sealAuditLog(database.db);
    if (sealed) log(`[audit] ${sealed} audit rows sealed at start`);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

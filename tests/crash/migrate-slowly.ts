/**
 * The console's migrations, run as the console runs them (Kysely's migrator over openDatabase on a data folder),
 * but announced and slowed down: before each migration it prints `migrating <name>`, and after the statements of
 * the migration named TARGET (of each migration, without one) it waits PAUSE ms still inside the migrator's
 * transaction. The crash test kills it there, in the middle of a migration.
 * `node --import tsx tests/crash/migrate-slowly.ts <dataDir> <pauseMs> [<target>]`
 */
import { Migrator, type Migration } from 'kysely';
import { openDatabase } from '../../src/server/db/connection';
import { MIGRATIONS } from '../../src/server/migrations/migrate';

const [dataDir, pause, target] = [process.argv[2], Number(process.argv[3] ?? 500), process.argv[4]];
const database = await openDatabase({ dataDir, fsync: process.env.PGLITE_FSYNC !== '0' });
const slowed: Record<string, Migration> = Object.fromEntries(Object.entries(MIGRATIONS).map(([name, m]) => [name, {
  async up(db) {
    console.log(`migrating ${name}`);
    await m.up(db);
    if (!target || name === target) await new Promise((r) => setTimeout(r, pause));
  },
}]));
const { error } = await new Migrator({ db: database.db, provider: { getMigrations: async () => slowed } }).migrateToLatest();
if (error) throw error;
console.log('migrated');
await database.close();

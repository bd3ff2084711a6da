import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './connection';
import * as m0001 from './migrations/0001-core';
import * as m0002 from './migrations/0002-foundation-entities';
import * as m0003 from './migrations/0003-catalogue-entities';
import * as m0004 from './migrations/0004-workflows';
import * as m0006 from './migrations/0006-search-per-entity';
import * as m0007 from './migrations/0007-sign-in-hardening';
import * as m0008 from './migrations/0008-trash';
import * as m0009 from './migrations/0009-search-sort-key';
import * as m0010 from './migrations/0010-appointment-seen-index';

/** Versioned migrations, applied in name order at start; a migration never changes once landed. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-core': m0001,
  '0002-foundation-entities': m0002,
  '0003-catalogue-entities': m0003,
  '0004-workflows': m0004,
  '0006-search-per-entity': m0006,
  // Written as 0005 beside 0006 and renamed before it landed: a database already at 0006 takes it after, in order.
  '0007-sign-in-hardening': m0007,
  '0008-trash': m0008,
  '0009-search-sort-key': m0009,
  '0010-appointment-seen-index': m0010,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() { return MIGRATIONS; }
}

export async function migrate(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

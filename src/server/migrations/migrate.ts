import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from '../db/connection';
import * as m0001 from './0001-core';
import * as m0002 from './0002-foundation-entities';
import * as m0003 from './0003-catalogue-entities';
import * as m0004 from './0004-workflows';
import * as m0006 from './0006-search-per-entity';
import * as m0007 from './0007-sign-in-hardening';
import * as m0008 from './0008-trash';
import * as m0009 from './0009-search-sort-key';
import * as m0010 from './0010-appointment-seen-index';
import * as m0011 from './0011-search-word-starts';
import * as m0012 from './0012-search-title-prefix';
import * as m0013 from './0013-search-starts';
import * as m0014 from './0014-search-starts-bulk-delete';
import * as m0015 from './0015-audit-chain';
import * as m0016 from './0016-invoice-tax-and-void';
import * as m0017 from './0017-number-counters';
import * as m0018 from './0018-audit-changes-index';
import * as m0019 from './0019-outbox-channel';
import * as m0020 from './0020-inbox';
import * as m0021 from './0021-saved-views';
import * as m0022 from './0022-appointment-day-counts';
import * as m0023 from './0023-search-text-references';
import * as m0024 from './0024-number-series';
import * as m0025 from './0025-payment-day-counts';
import * as m0026 from './0026-appointment-patients-seen';
import * as m0027 from './0027-trigger-reads-by-index';
import * as m0028 from './0028-value-counts';
import * as m0029 from './0029-status-history-undo';
import * as m0030 from './0030-every-date-filterable';
import * as m0031 from './0031-hosted-login-and-sessions';
import * as m0032 from './0032-audit-chain-in-code';
import * as m0033 from './0033-step-up';
import * as m0034 from './0034-second-factors';
import * as m0036 from './0036-audit-sealer';
import * as m0038 from './0038-reminders-and-follow-ups';
import * as m0040 from './0040-scheduler';
import * as m0041 from './0041-campaigns-send';
import * as m0042 from './0042-bulk-actions';
import * as m0043 from './0043-automation-rules';
import * as m0045 from './0045-import-runs';
import * as m0046 from './0046-campaign-pause';
import * as m0047 from './0047-audit-units';
import * as m0051 from './0051-campaign-recipients';
import * as m0052 from './0052-unit-entries-before-0047';
import * as m0053 from './0053-patients-seen-by-key';

/**
 * A migration, and the tables it rewrites whole (`rewrites`), which are vacuumed once it has run: a rewritten table has
 * no visibility map until a vacuum makes one, so every index-only scan of it reads the table too (0011's list-order
 * index, which is there to be read alone), and neither PGlite (no autovacuum) nor a server's autovacuum (a rewrite is
 * no inserts or deletes) would make one soon.
 */
type VersionedMigration = Migration & { rewrites?: readonly string[] };

/** Versioned migrations, applied in name order at start; a migration never changes once landed. */
export const MIGRATIONS: Record<string, VersionedMigration> = {
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
  '0011-search-word-starts': m0011,
  '0012-search-title-prefix': m0012,
  '0013-search-starts': m0013,
  '0014-search-starts-bulk-delete': m0014,
  '0015-audit-chain': m0015,
  '0016-invoice-tax-and-void': m0016,
  '0017-number-counters': m0017,
  '0018-audit-changes-index': m0018,
  '0019-outbox-channel': m0019,
  '0020-inbox': m0020,
  '0021-saved-views': m0021,
  '0022-appointment-day-counts': m0022,
  '0023-search-text-references': m0023,
  '0024-number-series': m0024,
  '0025-payment-day-counts': m0025,
  '0026-appointment-patients-seen': m0026,
  '0027-trigger-reads-by-index': m0027,
  '0028-value-counts': m0028,
  '0029-status-history-undo': m0029,
  '0030-every-date-filterable': m0030,
  '0031-hosted-login-and-sessions': m0031,
  '0032-audit-chain-in-code': m0032,
  '0033-step-up': m0033,
  '0034-second-factors': m0034,
  '0036-audit-sealer': m0036,
  '0038-reminders-and-follow-ups': m0038,
  '0040-scheduler': m0040,
  '0041-campaigns-send': m0041,
  '0042-bulk-actions': m0042,
  '0043-automation-rules': m0043,
  '0045-import-runs': m0045,
  '0046-campaign-pause': m0046,
  '0047-audit-units': m0047,
  '0051-campaign-recipients': m0051,
  '0052-unit-entries-before-0047': m0052,
  '0053-patients-seen-by-key': m0053,
};

/** The tables the named migrations rewrite (by default every migration's: all the tables any of them rewrites). */
export const tablesRewrittenBy = (names: string[] = Object.keys(MIGRATIONS)) => [...new Set(names.flatMap((name) => MIGRATIONS[name]?.rewrites ?? []))];

class StaticProvider implements MigrationProvider {
  async getMigrations() { return MIGRATIONS; }
}

/**
 * Applies the pending migrations (in one transaction: see tests/crash/migrations-atomic.test.ts), saying first which,
 * since some rewrite a large table (0011: ~7 minutes at 6.4M search rows), then vacuums what they rewrote.
 */
export async function migrate(db: DB, log: (line: string) => void = () => {}): Promise<string[]> {
  // Numbers are handed out to work done side by side, so one may land after a higher one has run on a database (0036
  // after 0040–0045): it is applied then, after them. Pending migrations still run in name order.
  const migrator = new Migrator({ db, provider: new StaticProvider(), allowUnorderedMigrations: true });
  const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
  if (pending.some((name) => MIGRATIONS[name]?.rewrites)) log(`Applying migrations ${pending.join(', ')}: a large search table takes minutes`);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  for (const table of tablesRewrittenBy(applied)) {
    const started = performance.now();
    await sql.raw(`vacuum (analyze) ${table}`).execute(db);
    log(`Vacuumed ${table} after its migration in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return applied;
}

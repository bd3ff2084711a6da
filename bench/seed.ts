import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { maintainOnce } from '../src/server/db/maintenance';
import { base, en, en_IN, Faker } from '@faker-js/faker';
import { ENTITIES, getEntity, type EntityDef } from '../src/registry';
import { hashPassword } from '../src/server/auth/password';
import { boot } from '../src/server/boot';
import { readConfig, type Config } from '../src/server/config';
import type { Database, DB } from '../src/server/db/connection';
import { syncNumbers } from '../src/server/crud/numbering';
import { ident } from '../src/server/db/entity-table';
import { tablesRewrittenBy } from '../src/server/migrations/migrate';
import { fakeRecord } from '../src/server/seed/fake';
import { fillSeen } from '../src/server/search/patients-seen';
import { fillSortKeys } from '../src/server/search/sort-key';
import type { Job, RefIds } from './generate';
import { generatedBatches } from './generator';
import { createIndexes, dropIndexes } from './indexes';
import { BulkWriter, batchRowsFor } from './insert';
import type { BenchOptions } from './options';
import { referenceOrder, rowCounts, scaled } from './plan';
import { clock, fmt, Progress } from './progress';

/** The demo accounts' password in the bench's own database (superadmin@demo.test signs in with it). */
export const BENCH_PASSWORD = 'bench-password-2026';

export interface SeedReport {
  reused: boolean;
  scale: number;
  seededAt: string;
  /** Wall time of the seed, analyse included. */
  seconds: number;
  /** Rows per entity (those seeded and the reference data the first start wrote). */
  counts: Record<string, number>;
  searchRows: number;
  /** Entities left out, and why. */
  skipped: string[];
  /** Registry entity names the data set was made for: another set means another data set. */
  entities: string[];
  /** When `--vacuum` vacuumed it whole (by default it gets only what the console's own maintenance does: maintained). */
  vacuumedAt?: string;
}

export function benchConfig(dataDir: string): Config {
  // Always the embedded database: the bench wipes and refills its folder, which it must never do to a server.
  return { ...readConfig(), dataDir, databaseUrl: undefined, demoPassword: BENCH_PASSWORD, demoData: false };
}

const metaFile = (dataDir: string) => path.join(dataDir, 'bench-meta.json');

export function readMeta(dataDir: string): SeedReport | null {
  try { return JSON.parse(readFileSync(metaFile(dataDir), 'utf8')) as SeedReport; } catch { return null; }
}

/** Opens the bench database, seeding it unless a complete data set of the same scale and entities is there. */
export async function openDataSet(opts: BenchOptions, log: (line: string) => void): Promise<{ database: Database; config: Config; report: SeedReport }> {
  const config = benchConfig(opts.dataDir);
  const names = ENTITIES.map((e) => e.name).sort();
  const meta = readMeta(opts.dataDir);
  const pgdata = path.join(opts.dataDir, 'pgdata');
  const why = opts.fresh ? 'rebuilding it as asked (--fresh)'
    : !meta ? (existsSync(pgdata) ? 'the folder holds no complete data set' : null)
      : meta.scale !== opts.scale ? `it was seeded at scale ${meta.scale}, not ${opts.scale}`
        : meta.entities.join() !== names.join() ? 'the registry\'s entities have changed since it was seeded'
          : null;
  if (why) {
    log(`Clearing ${opts.dataDir}: ${why}.`);
    rmSync(metaFile(opts.dataDir), { force: true });
    rmSync(pgdata, { recursive: true, force: true });
  }
  if (meta && !why) {
    log(`Reusing the data set in ${opts.dataDir}: scale ${meta.scale}, seeded ${meta.seededAt} in ${clock(meta.seconds)}.`);
    return { database: await maintained(await boot(config, { log }), log), config, report: { ...meta, reused: true } };
  }
  // The load commits a few thousand batches into a folder it would rebuild after any crash: it skips the fsync
  // of each commit (PGLITE_FSYNC). The timings then run on the database opened as the console opens it.
  const loading = await boot({ ...config, pgliteFsync: false }, { log });
  let report: SeedReport;
  try {
    report = await seedDataSet(loading.db, config, opts.scale, names, log);
  } finally {
    await loading.close();
  }
  writeFileSync(metaFile(opts.dataDir), JSON.stringify(report, null, 2));
  return { database: await maintained(await boot(config, { log }), log), config, report };
}

/**
 * The data set as a console keeps it: the embedded database's maintenance (db/maintenance.ts) runs within minutes of a
 * start, analysing and vacuuming the tables past autovacuum's thresholds, so the timings meet that state. The first
 * opening after a seed vacuums the seeded tables (minutes at scale 1); later ones find little to do.
 */
async function maintained(database: Database, log: (line: string) => void): Promise<Database> {
  const started = performance.now();
  const done = await maintainOnce(database.db);
  if (done.length) log(`Maintenance (as the console's): ${done.join(', ')} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return database;
}

/** VACUUM the whole data set once and note it in the folder's record, so every later report says so. */
export async function vacuumDataSet(db: DB, dataDir: string, report: SeedReport, log: (line: string) => void): Promise<SeedReport> {
  if (report.vacuumedAt) return report;
  const started = performance.now();
  log('VACUUM of the whole data set…');
  await sql`vacuum`.execute(db);
  log(`VACUUM took ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  const vacuumed = { ...report, vacuumedAt: new Date().toISOString() };
  writeFileSync(metaFile(dataDir), JSON.stringify({ ...vacuumed, reused: false }, null, 2));
  return vacuumed;
}

const byNameOf = (jobs: Job[]) => new Map(jobs.map((j) => [j.name, j]));

async function tableRows(db: DB, def: EntityDef): Promise<number[]> {
  const res = await sql<{ id: number }>`select id from ${sql.raw(ident(def.table))} order by id`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

async function seedDataSet(db: DB, config: Config, scale: number, names: string[], log: (line: string) => void): Promise<SeedReport> {
  const started = performance.now();
  const tables = new Set((await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema()`.execute(db)).rows.map((r) => r.t));
  const refs: RefIds = {};
  const counts: Record<string, number> = {};
  const skipped: string[] = [];
  const toSeed: EntityDef[] = [];
  for (const def of referenceOrder(ENTITIES)) {
    if (!tables.has(def.table)) { skipped.push(`${def.name} (no table ${def.table} yet: no migration creates it)`); continue; }
    const ids = await tableRows(db, def);
    if (ids.length) { refs[def.name] = ids; counts[def.name] = ids.length; continue; }
    toSeed.push(def);
  }

  const planned = rowCounts(toSeed);
  const probe = new Faker({ locale: [en_IN, en, base], seed: 1 });
  const jobs: Job[] = [];
  for (const def of toSeed) {
    const count = scaled(planned.get(def.name)!, scale);
    const refIds = (e: string) => { const r = refs[e]; return !r ? [] : Array.isArray(r) ? r : [r.first]; };
    try {
      fakeRecord(def, { faker: probe, refIds, seq: 1 });
    } catch (err) {
      skipped.push(`${def.name} (${(err as Error).message})`);
      continue;
    }
    jobs.push({ name: def.name, count, firstId: 1, batchRows: batchRowsFor(def) });
    refs[def.name] = { first: 1, count };
  }

  const total = jobs.reduce((s, j) => s + j.count, 0);
  log(`Seeding ${fmt(total)} rows into ${jobs.length} entities (scale ${scale}); ${Object.keys(counts).length} entities keep their reference data.`);
  for (const s of skipped) log(`  skipped ${s}`);

  // Every fake password gets the same hash: one scrypt, not one per row.
  const passwordHash = await hashPassword('bench-record-password', config.scryptLogN);
  const deferred = await dropIndexes(db, [...jobs.map((j) => getEntity(j.name).table), 'search_index', 'search_starts']);
  // The words' starts (migration 0013) are written once at the end, not by search_index's triggers batch by batch.
  await sql`alter table search_index disable trigger user`.execute(db);
  const seesPatients = byNameOf(jobs).has('appointments');
  // The patients seen (migrations 0026, 0053) are filled once at the end too: one statement over all the appointments
  // costs a quarter to a seventh of the trigger's upkeep batch by batch (bench/load-figures.md §7).
  if (seesPatients) await sql`alter table appointment disable trigger appointment__seen_added`.execute(db);
  const progress = new Progress(total);
  const byName = byNameOf(jobs);
  let writer: BulkWriter | null = null;
  let current = '';
  // Time spent in the database per entity (the rest is waiting for the row generator): BENCH_DEBUG=1 prints it.
  const busy = new Map<string, number>();
  for await (const batch of generatedBatches(jobs, refs, Date.now())) {
    if (batch.name !== current) {
      if (writer) { await writer.finish(db); progress.end(); }
      current = batch.name;
      const def = ENTITIES.find((e) => e.name === current)!;
      writer = new BulkWriter(def, passwordHash);
      progress.begin(current, byName.get(current)!.count);
    }
    const w0 = performance.now();
    await writer!.write(db, batch.rows);
    busy.set(current, (busy.get(current) ?? 0) + performance.now() - w0);
    // Each batch's time, to see whether a batch costs more as its table grows (it should not).
    if (process.env.BENCH_DEBUG === 'batches') log(`  ${current} batch to id ${batch.rows.at(-1)?.id}: ${(performance.now() - w0).toFixed(0)} ms`);
    progress.add(batch.rows.length);
  }
  if (writer) { await writer.finish(db); progress.end(); }
  for (const j of jobs) counts[j.name] = j.count;
  // The search rows were written without their sort keys (bench/insert.ts): one update per entity, before the indexes.
  const keysFrom = performance.now();
  for (const j of jobs) await fillSortKeys(db, getEntity(j.name));
  log(`Sort keys of the search rows took ${((performance.now() - keysFrom) / 1000).toFixed(1)} s.`);
  const startsFrom = performance.now();
  await sql`truncate search_starts`.execute(db);
  await sql`insert into search_starts select * from search_starts_due`.execute(db);
  await sql`alter table search_index enable trigger user`.execute(db);
  log(`Words' starts of the search rows took ${((performance.now() - startsFrom) / 1000).toFixed(1)} s.`);
  if (seesPatients) {
    const seenFrom = performance.now();
    for (const { zone } of (await sql<{ zone: string }>`select zone from appointment_day_zone`.execute(db)).rows) await fillSeen(db, zone);
    await sql`alter table appointment enable trigger appointment__seen_added`.execute(db);
    log(`Patients seen took ${((performance.now() - seenFrom) / 1000).toFixed(1)} s.`);
  }
  if (process.env.BENCH_DEBUG) for (const [k, v] of busy) log(`  ${k}: inserting ${(v / 1000).toFixed(1)} s`);

  const indexFrom = performance.now();
  log(`Building ${deferred.length} indexes…`);
  await createIndexes(db, deferred, (ix, ms) => { if (process.env.BENCH_DEBUG || ms > 5000) log(`  ${ix.name}: ${(ms / 1000).toFixed(1)} s`); });
  log(`Indexes took ${((performance.now() - indexFrom) / 1000).toFixed(1)} s.`);
  const analyseFrom = performance.now();
  await sql`analyze`.execute(db);
  log(`ANALYZE took ${((performance.now() - analyseFrom) / 1000).toFixed(1)} s.`);
  // As their migrations leave them (migrations/migrate.ts `rewrites`): the list search reads their indexes alone, which a table
  // just written cannot serve until a vacuum has made its visibility map.
  const vacuumFrom = performance.now();
  await sql.raw(`vacuum ${tablesRewrittenBy().join(', ')}`).execute(db);
  log(`VACUUM of the search tables took ${((performance.now() - vacuumFrom) / 1000).toFixed(1)} s.`);
  // The invoices were numbered here, not by the counter a completed payment reads: it starts after them.
  if (byName.has('invoices')) await syncNumbers(db, getEntity('invoices'), 'number', 'INV');
  if (byName.has('appointments')) await syncNumbers(db, getEntity('appointments'), 'number', 'APT');
  const searchRows = Number((await sql<{ n: number }>`select count(*)::int as n from search_index`.execute(db)).rows[0].n);
  const seconds = (performance.now() - started) / 1000;
  log(`Seeded ${fmt(total)} rows (+${fmt(searchRows)} search rows in all) in ${clock(seconds)}.`);
  return { reused: false, scale, seededAt: new Date().toISOString(), seconds, counts, searchRows, skipped, entities: names };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { base, en, en_IN, Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { columnName, getEntity, type EntityDef } from '../src/registry';
import { boot } from '../src/server/boot';
import { readConfig } from '../src/server/config';
import { createRecord, SYSTEM_ACTOR, updateRecord } from '../src/server/crud/write';
import type { DB } from '../src/server/db/connection';
import { ident } from '../src/server/db/entity-table';
import { fakeRecord } from '../src/server/seed/fake';
import { ensureSearchTexts } from '../src/server/search/search-text-upkeep';
import { createDatabase } from '../tests/api/seeded-database';
import { searchDocs } from '../src/server/search';
import { selectList, toRecord } from '../src/server/records/columns';

/**
 * `npx tsx bench/rename-references.ts [appointments]`: what renaming a person costs now that the records about them
 * hold their name in their search text (search/search-rows.ts refreshReferrers). Among `appointments` appointments
 * (default 200,000) on the embedded database, patients with N = 1, 10, 100, 1,000 and 10,000 appointments are renamed
 * through updateRecord (the whole write: the record, its search row, the referrers' texts, the audit), five times each;
 * the median is printed, the plan of the referrers' read, and how fast a data set written before references were searched
 * has its texts rewritten at start. BENCH_DATABASE_URL: a PostgreSQL server to make a database on instead.
 * It reports; nothing here is a test.
 */
const TOTAL = Number(process.argv[2] ?? 200_000);
const SIZES = [1, 10, 100, 1_000, 10_000];
const log = (line: string) => process.stderr.write(`${line}\n`);

async function make(db: DB, def: EntityDef, faker: Faker, fields: Record<string, unknown>, seq: number) {
  const ids = async (e: string) => (await sql<{ id: number }>`select id from ${sql.raw(ident(getEntity(e).table))} order by id limit 50`.execute(db)).rows.map((r) => Number(r.id));
  const refIds = new Map<string, number[]>();
  for (const fd of Object.values(def.fields)) if (fd.ref) refIds.set(fd.ref, await ids(fd.ref));
  const rec = fakeRecord(def, { faker, refIds: (e) => refIds.get(e) ?? [], seq });
  return createRecord(db, def, { ...rec, ...fields }, { actor: SYSTEM_ACTOR, scryptLogN: 10 });
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rename-bench-'));
  const server = process.env.BENCH_DATABASE_URL ? await createDatabase(process.env.BENCH_DATABASE_URL, 'rename_bench') : undefined;
  const database = await boot(readConfig({ DATA_DIR: dir, DEMO_DATA: '0', DEMO_PASSWORD: 'bench-password-42x', PGLITE_FSYNC: '0', DATABASE_URL: server?.url }));
  const db = database.db;
  const faker = new Faker({ locale: [en_IN, en, base], seed: 7 });
  const patients = getEntity('patients');
  const appointments = getEntity('appointments');
  let seq = 1;
  const fmc = await make(db, getEntity('fmc'), faker, {}, seq++);
  const doctor = await make(db, getEntity('doctor'), faker, {}, seq++);
  const people: Record<string, unknown>[] = [];
  for (const n of SIZES) people.push(await make(db, patients, faker, { lastName: `Bench${n}` }, seq++));
  const first = await make(db, appointments, faker, { patient: people[0].id, doctor: doctor.id, fmc: fmc.id, slot: null }, seq++);
  const c = (k: string) => ident(columnName(k, appointments.fields[k]));
  // The rest as copies of the first: each size's patient holds its N, the other patients' share is one made-up patient.
  const other = await make(db, patients, faker, { lastName: 'Everyone' }, seq++);
  const owners = SIZES.flatMap((n, i) => Array.from({ length: n - (i === 0 ? 1 : 0) }, () => Number(people[i].id)));
  log(`writing ${TOTAL.toLocaleString()} appointments…`);
  const started = performance.now();
  await sql`insert into appointment (${sql.raw([c('number'), c('patient'), c('doctor'), c('fmc'), c('mode'), c('scheduledAt'), c('durationMinutes'), c('status')].join(', '))})
    select 'APT-2026-' || lpad(g::text, 8, '0'), coalesce((${owners}::int[])[g], ${other.id}), ${doctor.id}, ${fmc.id}, ${first.mode}, now() - g * interval '1 minute', 15, 'confirmed'
    from generate_series(1, ${TOTAL - 1}) g`.execute(db);
  await sql`insert into search_index (entity, record_id, title, subtitle, doc)
    select 'appointments', id, number, '', lower(number || ' ' || ${String(doctor.firstName)}) from appointment where id <> ${first.id}`.execute(db);
  await sql`analyze`.execute(db);
  log(`written in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const plan = await sql<{ 'QUERY PLAN': string }>`explain select t.id from appointment t where ${sql.raw(c('patient'))} = ${people[3].id} and t.id > 0 order by t.id limit 1000`.execute(db);
  log(`the referrers' read:\n  ${plan.rows.map((r) => r['QUERY PLAN']).join('\n  ')}`);
  for (const [i, n] of SIZES.entries()) {
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      const row = (await sql<{ version: number }>`select version from patient where id = ${people[i].id}`.execute(db)).rows[0];
      const t0 = performance.now();
      await updateRecord(db, patients, Number(people[i].id), { version: row.version, lastName: `Renamed${n}x${round}` }, { actor: SYSTEM_ACTOR, scryptLogN: 10 });
      times.push(performance.now() - t0);
    }
    const found = await sql<{ n: number }>`select count(*)::int as n from search_index where entity = 'appointments' and doc like ${`%renamed${n}x4%`}`.execute(db);
    times.sort((a, b) => a - b);
    log(`N = ${n.toLocaleString().padStart(6)}: rename ${times[2].toFixed(1)} ms (median of 5), ${found.rows[0].n} appointments found by the new name`);
  }
  // Where the time of the largest goes: reading the records and their references' titles, or writing the texts.
  const biggest = people[people.length - 1];
  const t0 = performance.now();
  const rows = (await sql<Record<string, unknown>>`select ${selectList(appointments)} from appointment t where ${sql.raw(c('patient'))} = ${biggest.id} order by t.id`.execute(db)).rows.map((r) => toRecord(appointments, r));
  const docs = await searchDocs(db, appointments, rows);
  const t1 = performance.now();
  await sql`update search_index s set doc = v.doc || ' x' from unnest(${rows.map((r) => Number(r.id))}::int[], ${docs.map((d) => d.doc)}::text[]) as v(id, doc)
    where s.entity = 'appointments' and s.record_id = v.id`.execute(db);
  const t2 = performance.now();
  log(`N = ${rows.length}: read and texts made ${(t1 - t0).toFixed(0)} ms, written ${(t2 - t1).toFixed(0)} ms`);
  // A data set written before references were searched: every appointment's text rewritten once at start.
  await sql`delete from search_text_source where entity = 'appointments'`.execute(db);
  const t3 = performance.now();
  await ensureSearchTexts(db);
  const seconds = (performance.now() - t3) / 1000;
  log(`all ${TOTAL.toLocaleString()} appointments' texts rewritten at start in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds).toLocaleString()} a second)`);
  await database.close();
  await server?.drop();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err: unknown) => { console.error(err); process.exit(1); });

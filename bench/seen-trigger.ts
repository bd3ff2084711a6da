import { sql } from 'kysely';
import { type DB } from '../src/server/db/connection';
import { up as seen0026 } from '../src/server/migrations/0026-appointment-patients-seen';
import { up as seen0053 } from '../src/server/migrations/0053-patients-seen-by-key';
import { fillSeen } from '../src/server/search/patients-seen';
import { blocksOfWrite, seenDatabase } from '../tests/api/seen-tables';

/**
 * What one appointment write costs the patients-seen triggers, 0026's functions against 0053's, as a centre sees more
 * patients (tests/api/seen-tables.ts: the bare table, no statistics, as the embedded database has until its maintenance analyses it): the
 * blocks its transaction fetched from `appointment_patient_seen` and its indexes, and its time, the two sides in turn.
 */

/** A write of each kind on one patient's visit (the middle one); `batch`: 200 patients' new visits in one statement. */
export const WRITES = {
  create: (seen: number) => `insert into appointment (patient, fmc, scheduled_at, status) values (${seen >> 1}, 1, '2026-11-20', 'completed')`,
  reschedule: (seen: number) => `update appointment set scheduled_at = scheduled_at + interval '3 days' where id = ${seen >> 1}`,
  cancel: (seen: number) => `update appointment set status = 'cancelled' where id = ${seen >> 1}`,
  delete: (seen: number) => `delete from appointment where id = ${seen >> 1}`,
  batch: (seen: number) => `insert into appointment (patient, fmc, scheduled_at, status)
    select p, 1, '2026-11-20', 'completed' from generate_series(${seen >> 1}, ${(seen >> 1) + 199}) p`,
};

/** A write's time, rolled back. */
async function timeOfWrite(db: DB, write: string): Promise<number> {
  const started = performance.now();
  await blocksOfWrite(db, write);
  return performance.now() - started;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * The seed's load of `rows` appointments in batches of 2,000 (bench/seed.ts), the patients seen kept by 0053's trigger
 * batch by batch or the trigger off and the tables filled once at the end (`fillSeen`, per zone): milliseconds.
 */
async function seedLoad(rows: number, triggerOff: boolean): Promise<number> {
  const db = await seenDatabase(0, [seen0026, seen0053]);
  const started = performance.now();
  if (triggerOff) await sql`alter table appointment disable trigger appointment__seen_added`.execute(db);
  for (let first = 0; first < rows; first += 2_000) {
    const batchFrom = performance.now();
    await sql`insert into appointment (patient, fmc, scheduled_at, status)
      select 1 + (i * 7919) % ${rows >> 1}, 1 + i % 5, timestamptz '2026-11-01' - (i % 400) * interval '1 day',
        case when i % 5 < 3 then 'completed' else 'confirmed' end
      from generate_series(${first}::int, ${first + 1_999}::int) i`.execute(db);
    // Each batch's time (as the seed's BENCH_DEBUG=batches): whether a batch costs more as the tables grow.
    if (process.env.BENCH_DEBUG === 'batches') console.log(`  trigger ${triggerOff ? 'off' : 'on'}, batch to ${first + 2_000}: ${(performance.now() - batchFrom).toFixed(0)} ms`);
  }
  if (triggerOff) {
    for (const { zone } of (await sql<{ zone: string }>`select zone from appointment_day_zone`.execute(db)).rows) await fillSeen(db, zone);
    await sql`alter table appointment enable trigger appointment__seen_added`.execute(db);
  }
  const ms = performance.now() - started;
  await db.destroy();
  return ms;
}

/**
 * The statements of `appointment_seen_added` as its function holds them, each under EXPLAIN (ANALYZE, BUFFERS), for
 * one new completed visit of the middle patient (a temporary `added` stands for the transition table), rolled back:
 * each statement's plan lines that read `appointment_patient_seen` and its buffers. 0053's second statement reads the
 * first's arrays; here they are the first's rows, written out.
 */
async function explainAdded(db: DB, seen: number): Promise<string[]> {
  const { src } = (await sql<{ src: string }>`select prosrc as src from pg_proc where proname = 'appointment_seen_added'`.execute(db)).rows[0];
  const body = src.slice(src.indexOf('begin') + 5, src.lastIndexOf('return null;'));
  const statements = body.split(/;\s*(?:if patients is null then return null; end if;)?/).map((t) => t.trim()).filter(Boolean);
  const lines: string[] = [];
  await db.transaction().execute(async (tx) => {
    await sql`create temp table added on commit drop as select * from appointment where id = ${seen >> 1}`.execute(tx);
    let held = '';
    for (const [n, text] of statements.entries()) {
      let run = text.replace(/ into zones, fmcs, patients, days/, '');
      if (held) run = run.replace('unnest(zones, fmcs, patients, days)', held);
      const plan = (await sql.raw<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off, timing off) ${run}`).execute(tx)).rows.map((r) => r['QUERY PLAN']);
      lines.push(`statement ${n + 1}: ${plan.find((l) => l.includes('Buffers'))?.trim()}`);
      lines.push(...plan.filter((l) => /appointment_patient_seen|Rows Removed/.test(l)).map((l) => `    ${l.trim()}`));
      if (run.includes('array_agg')) {
        const [a] = (await sql.raw<Record<string, unknown[]>>(run.replace(/select array_agg\(zone\).*$/s, 'select array_agg(zone) z, array_agg(fmc) f, array_agg(patient) p, array_agg(day) d from held')).execute(tx)).rows;
        const list = (xs: unknown[], type: string) => `array[${xs.map((x) => (x === null ? 'null' : `'${String(x)}'`)).join(', ')}]::${type}[]`;
        held = `unnest(${list(a.z, 'text')}, ${list(a.f, 'integer')}, ${list(a.p, 'integer')}, ${list(a.d, 'date')})`;
      }
    }
    throw new Undone();
  }).catch((e: unknown) => { if (!(e instanceof Undone)) throw e; });
  return lines;
}
class Undone extends Error {}

/**
 * Each write on 0026's functions and on 0053's, blocks and times, the two sides taken in turn:
 * `npx tsx bench/seen-trigger.ts [rounds] [--analyze]`; the seed's load both ways: `--seed [rows]`; the
 * statements' plans: `--explain`.
 */
async function main() {
  if (process.argv[2] === '--seed') {
    const rows = Number(process.argv[3] ?? 20_000);
    for (let r = 0; r < 2; r++) {
      const on = await seedLoad(rows, false);
      const off = await seedLoad(rows, true);
      console.log(`| ${rows.toLocaleString('en')} | ${(on / 1000).toFixed(1)} | ${(off / 1000).toFixed(1)} | ${(on / off).toFixed(1)} |`);
    }
    return;
  }
  if (process.argv[2] === '--explain') {
    for (const seen of [1_000, 20_000]) {
      for (const [side, migrations] of [['0026', [seen0026]], ['0053', [seen0026, seen0053]]] as const) {
        const db = await seenDatabase(seen, [...migrations]);
        console.log(`${seen.toLocaleString('en')} patients seen, ${side}:\n${(await explainAdded(db, seen)).join('\n')}`);
        await db.destroy();
      }
    }
    return;
  }
  const rounds = Number(process.argv[2] ?? 15);
  // With the tables analysed first, as the embedded console's maintenance (db/maintenance.ts) leaves them in time.
  const analysed = process.argv.includes('--analyze');
  const analyse = async (db: DB) => { if (analysed) await sql`analyze`.execute(db); };
  for (const seen of [1_000, 20_000]) {
    const before = await seenDatabase(seen, [seen0026, analyse]);
    const after = await seenDatabase(seen, [seen0026, seen0053, analyse]);
    for (const [name, write] of Object.entries(WRITES)) {
      const text = write(seen);
      // The first call of a session plans the functions' statements.
      const blocks = [await blocksOfWrite(before, text), await blocksOfWrite(after, text)];
      const ms: number[][] = [[], []];
      for (let r = 0; r < rounds; r++) {
        ms[0].push(await timeOfWrite(before, text));
        ms[1].push(await timeOfWrite(after, text));
      }
      const [b, a] = ms.map(median);
      console.log(`| ${seen.toLocaleString('en')} | ${name} | ${blocks[0]} | ${blocks[1]} | ${b.toFixed(2)} | ${a.toFixed(2)} | ${(b / a).toFixed(1)} |`);
    }
    await before.destroy();
    await after.destroy();
  }
}
if (process.argv[1]?.endsWith('seen-trigger.ts')) await main();

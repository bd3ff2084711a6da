import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DB } from '../../src/server/db/connection';
import { up as seen0026 } from '../../src/server/migrations/0026-appointment-patients-seen';
import { up as seen0053 } from '../../src/server/migrations/0053-patients-seen-by-key';
import { dueSeen } from '../../src/server/search/patients-seen';
import { blocksOfWrite, consoleIndexes, seenDatabase } from './seen-tables';

/**
 * The patients-seen triggers as 0053 left them, on their own table (seen-tables.ts): after any mix of writes (visits
 * made, rescheduled, moved to another centre or patient, completed, cancelled, deleted, one at a time or many in one
 * statement), `appointment_patient_seen` and `appointment_seen_day_count` hold what they would if filled afresh from
 * the appointments (`dueSeen`, what start and the seed fill), and the check catches a trigger that misses a case. One
 * write reads the rows it touches by their key: its cost does not grow with the patients its centre has seen.
 */
const ZONES = ['UTC', 'Asia/Kolkata'];
const STATUSES = ['completed', 'confirmed', 'cancelled'] as const;

type Write =
  | { kind: 'make'; patient: number; fmc: number | null; day: number; hour: number; status: (typeof STATUSES)[number] }
  | { kind: 'reschedule'; pick: number; day: number; hour: number }
  | { kind: 'status'; pick: number; status: (typeof STATUSES)[number] }
  | { kind: 'patient'; pick: number; patient: number }
  | { kind: 'centre'; pick: number; fmc: number | null }
  | { kind: 'delete'; pick: number }
  | { kind: 'complete all of'; patient: number }
  | { kind: 'delete all at'; fmc: number };

const patient = fc.integer({ min: 1, max: 4 });
const centre = fc.constantFrom(1, 2, 3, null);
const status = fc.constantFrom(...STATUSES);
const pick = fc.nat();
// 18:20 UTC is 23:50 in Kolkata: visits either side of both zones' midnights.
const hour = fc.constantFrom(1, 12, 18, 23);
const day = fc.integer({ min: 0, max: 5 });
const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('make' as const), patient, fmc: centre, day, hour, status }),
  fc.record({ kind: fc.constant('make' as const), patient, fmc: centre, day, hour, status }),
  fc.record({ kind: fc.constant('reschedule' as const), pick, day, hour }),
  fc.record({ kind: fc.constant('status' as const), pick, status }),
  fc.record({ kind: fc.constant('patient' as const), pick, patient }),
  fc.record({ kind: fc.constant('centre' as const), pick, fmc: centre }),
  fc.record({ kind: fc.constant('delete' as const), pick }),
  fc.record({ kind: fc.constant('complete all of' as const), patient }),
  fc.record({ kind: fc.constant('delete all at' as const), fmc: fc.constantFrom(1, 2, 3) }),
);

const at = (day: number, hour: number) => `2026-11-${String(10 + day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:20:00Z`;

/** The `pick`th appointment (modulo how many there are), or none. */
async function picked(db: DB, n: number): Promise<number | null> {
  const ids = (await sql<{ id: number }>`select id from appointment order by id`.execute(db)).rows;
  return ids.length ? ids[n % ids.length].id : null;
}

async function apply(db: DB, w: Write) {
  if (w.kind === 'make') {
    await sql`insert into appointment (patient, fmc, scheduled_at, status) values (${w.patient}, ${w.fmc}, ${at(w.day, w.hour)}, ${w.status})`.execute(db);
    return;
  }
  if (w.kind === 'complete all of') return void await sql`update appointment set status = 'completed' where patient = ${w.patient}`.execute(db);
  if (w.kind === 'delete all at') return void await sql`delete from appointment where fmc = ${w.fmc}`.execute(db);
  const id = await picked(db, w.pick);
  if (id === null) return;
  if (w.kind === 'reschedule') await sql`update appointment set scheduled_at = ${at(w.day, w.hour)} where id = ${id}`.execute(db);
  if (w.kind === 'status') await sql`update appointment set status = ${w.status} where id = ${id}`.execute(db);
  if (w.kind === 'patient') await sql`update appointment set patient = ${w.patient} where id = ${id}`.execute(db);
  if (w.kind === 'centre') await sql`update appointment set fmc = ${w.fmc} where id = ${id}`.execute(db);
  if (w.kind === 'delete') await sql`delete from appointment where id = ${id}`.execute(db);
}

/** The rows kept and the rows due (filled afresh), for every zone: a patient left with no visit counts as none. */
async function keptAndDue(db: DB) {
  const kept = (await sql<{ row: string }>`select concat_ws(' ', zone, fmc, patient, day) as row from appointment_patient_seen
    where day is not null order by 1`.execute(db)).rows.map((r) => r.row);
  const keptDays = (await sql<{ row: string }>`select concat_ws(' ', zone, fmc, day, n) as row from appointment_seen_day_count
    where n <> 0 order by 1`.execute(db)).rows.map((r) => r.row);
  const due: string[] = [];
  const dueDays: string[] = [];
  for (const zone of ZONES) {
    due.push(...(await sql<{ row: string }>`select concat_ws(' ', zone, fmc, patient, day) as row from (${dueSeen(zone)}) d`.execute(db)).rows.map((r) => r.row));
    dueDays.push(...(await sql<{ row: string }>`select concat_ws(' ', zone, fmc, day, count(*)) as row from (${dueSeen(zone)}) d
      group by zone, fmc, day`.execute(db)).rows.map((r) => r.row));
  }
  return { kept: { seen: kept, days: keptDays }, due: { seen: due.sort(), days: dueDays.sort() } };
}

/** Whether, from no appointments, every mix of writes leaves the tables as filled afresh (fast-check's report). */
async function upkeepHolds(db: DB, runs: number, shrink = true) {
  return fc.check(fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
    await sql`truncate appointment`.execute(db);
    for (const w of writes) await apply(db, w);
    const { kept, due } = await keptAndDue(db);
    expect(kept).toEqual(due);
  }), { numRuns: runs, seed: 35, endOnFailure: !shrink });
}

describe('the patients-seen triggers after 0053', () => {
  let db: DB;
  beforeAll(async () => { db = await seenDatabase(0, [seen0026, seen0053]); });
  afterAll(async () => { await db.destroy(); });

  test('after any mix of writes, hold what a fill from the appointments would', async () => {
    const report = await upkeepHolds(db, 60);
    expect(report.failed, fc.defaultReportMessage(report) ?? '').toBe(false);
  });

  test('the same check catches a trigger that forgets a completed visit cancelled or moved away', async () => {
    const { src } = (await sql<{ src: string }>`select prosrc as src from pg_proc where proname = 'appointment_seen_changed'`.execute(db)).rows[0];
    const broken = src.replace(`where b.status = 'completed'`, `where b.status = 'completed' and false`);
    expect(broken).not.toBe(src);
    const replace = (body: string) => sql.raw(`create or replace function appointment_seen_changed() returns trigger language plpgsql as $f$${body}$f$`).execute(db);
    await replace(broken);
    try {
      expect((await upkeepHolds(db, 60, false)).failed).toBe(true);
    } finally {
      await replace(src);
    }
  });
});

test("one write's reads of the patients seen do not grow with the patients its centre has seen", async () => {
  const writes = (seen: number) => [
    `insert into appointment (patient, fmc, scheduled_at, status) values (${seen >> 1}, 1, '2026-11-20', 'completed')`,
    `update appointment set scheduled_at = scheduled_at + interval '3 days' where id = ${seen >> 1}`,
    `update appointment set status = 'cancelled' where id = ${seen >> 1}`,
    `delete from appointment where id = ${seen >> 1}`,
  ];
  const cost = async (seen: number) => {
    const db = await seenDatabase(seen, [seen0026, seen0053]);
    try {
      const pages = (await sql<{ n: number }>`select (pg_relation_size('appointment_patient_seen') / current_setting('block_size')::int)::int as n`.execute(db)).rows[0].n;
      const blocks = [];
      // Each twice: the first call of a session plans the triggers' statements.
      for (const w of writes(seen)) { await blocksOfWrite(db, w); blocks.push(await blocksOfWrite(db, w)); }
      return { pages, blocks };
    } finally {
      await db.destroy();
    }
  };
  const small = await cost(1_000);
  const large = await cost(16_000);
  // 16 times the patients seen: 0026's functions read ~16 times the blocks (a scan of the centre's rows per patient).
  expect(large.pages).toBeGreaterThan(small.pages * 10);
  for (const [i, blocks] of large.blocks.entries()) {
    expect(blocks, writes(16_000)[i]).toBeLessThan(small.blocks[i] * 2);
    expect(blocks, writes(16_000)[i]).toBeLessThan(large.pages / 2);
  }
});

test("a patient's latest visit is read from the end of their completed visits, whatever the table's statistics", async () => {
  // The table with the console's status-first indexes, 8,000 patients seen once each, and patient 1's 12,000 visits.
  // Two plans of the latest visit's read cost a cancel in proportion to the table: all of the patient's visits (the
  // (status, scheduled_at, patient, id) index by status and patient, then their maximum: PostgreSQL, with no
  // statistics), or the completed visits newest first until one is the patient's (that index from its end, the patient
  // filtered: the embedded database, with no statistics), all of them once the patient has none left.
  const grow = async (db: DB) => {
    await sql`insert into appointment (patient, fmc, scheduled_at, status)
      select 1, 1, timestamptz '2026-11-01' - g * interval '1 hour', 'completed' from generate_series(1, 12000) g`.execute(db);
  };
  const analyse = async (db: DB) => { await sql`analyze appointment`.execute(db); };
  const states = { 'no statistics': [grow], 'statistics from before it grew': [analyse, grow], 'statistics': [grow, analyse] };
  for (const [state, steps] of Object.entries(states)) {
    const db = await seenDatabase(8_000, [consoleIndexes, seen0026, seen0053, ...steps]);
    try {
      const pages = (await sql<{ n: number }>`select (pg_relation_size('appointment') / current_setting('block_size')::int)::int as n`.execute(db)).rows[0].n;
      // Patient 1's latest visit, and patient 4,200's only one (visit 4,200): after it they have none.
      const latestOf1 = (await sql<{ id: number }>`select id from appointment where patient = 1 and status = 'completed'
        order by scheduled_at desc limit 1`.execute(db)).rows[0].id;
      for (const id of [latestOf1, 4_200]) {
        const cancel = `update appointment set status = 'cancelled' where id = ${id}`;
        // Twice: the first call of a session plans the triggers' statements.
        await blocksOfWrite(db, cancel, 'appointment');
        const blocks = await blocksOfWrite(db, cancel, 'appointment');
        expect(blocks, `${state}, ${cancel}`).toBeLessThan(pages / 2);
      }
    } finally {
      await db.destroy();
    }
  }
});

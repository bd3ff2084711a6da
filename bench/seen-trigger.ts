import { type DB } from '../src/server/db/connection';
import { up as seen0026 } from '../src/server/migrations/0026-appointment-patients-seen';
import { up as seen0053 } from '../src/server/migrations/0053-patients-seen-by-key';
import { blocksOfWrite, seenDatabase } from '../tests/api/seen-tables';

/**
 * What one appointment write costs the patients-seen triggers, 0026's functions against 0053's, as a centre sees more
 * patients (tests/api/seen-tables.ts: the bare table, no statistics, as PGlite leaves a table it never analyses): the
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

/** Each write on 0026's functions and on 0053's, blocks and times, the two sides taken in turn: `npx tsx bench/seen-trigger.ts [rounds]`. */
async function main() {
  const rounds = Number(process.argv[2] ?? 15);
  for (const seen of [1_000, 20_000]) {
    const before = await seenDatabase(seen, [seen0026]);
    const after = await seenDatabase(seen, [seen0026, seen0053]);
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

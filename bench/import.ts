import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { getEntity } from '../src/registry';
import { createApp } from '../src/server/app';
import { boot } from '../src/server/boot';
import { readConfig } from '../src/server/config';
import { SYSTEM_ACTOR } from '../src/server/crud/write';
import { nextTurn } from '../src/server/db/turn';
import { runImport } from '../src/server/import/job';
import { matchColumns } from '../src/server/import/rows';
import { IMPORT_BATCH } from '../src/server/import/run';
import { Client } from './client';
import { percentile } from './timing';

/**
 * `npm run bench -- --import` (issue 38 §1): 10,000 patient rows imported on the embedded database (a fresh folder, its
 * commits forced to disk as the console's are), while other staff page through lists; in the same run, the lists'
 * p95 with nothing running beside it. Everything in one process, as the console runs on the embedded database: one
 * connection, one event loop, so a list page waits for whatever the import holds the database with. The import runs
 * through the import's own code (import/job.ts) as the system: no role adds patients from the console (they sign
 * up in the app), so the route would refuse it; the rows still pass every check a form's would.
 */
const ROWS = 10_000;
/** Staff reading lists at once (superadmins, who read every list), each one page after another. */
const READERS = 4;
const QUIET_SECONDS = 20;
const PASSWORD = 'bench-import-password';
const LISTS = ['/api/patients?limit=50', '/api/appointments?limit=50', '/api/medicine?limit=50', '/api/city?limit=50', '/api/patients?limit=50&sort=firstName:desc'];
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The file: patients with phone numbers nobody in the demo data has (+915 and nine digits). */
function patientsCsv(): Uint8Array {
  const lines = ['First name,Last name,Phone,Gender,Date of birth,Status'];
  const first = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Kavya', 'Vikram', 'Lakshmi', 'Rohan'];
  const last = ['Sharma', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Patel', 'Singh', 'Menon'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(`${first[i % 8]},${last[Math.floor(i / 8) % 8]} ${i},+915${String(i).padStart(9, '0')},${['female', 'male'][i % 2]},${String(1 + (i % 28)).padStart(2, '0')}/0${1 + (i % 9)}/19${50 + (i % 50)},active`);
  }
  return new TextEncoder().encode(lines.join('\n'));
}

/** Readers paging through lists until `until` resolves; each page's time. */
async function readLists(clients: Client[], until: Promise<unknown>): Promise<number[]> {
  let stop = false;
  void until.then(() => { stop = true; });
  const times: number[] = [];
  await Promise.all(clients.map(async (client, r) => {
    for (let i = r; !stop; i++) {
      // A browser's next page comes over the network: it is read in a later turn of the event loop, so it waits for
      // whatever holds the loop (a batch: PGlite runs each statement synchronously) and then for the connection. Timed
      // from when it is asked for, as the browser times it.
      const asked = performance.now();
      await nextTurn();
      const reply = await client.get(LISTS[i % LISTS.length]);
      if (reply.status !== 200) throw new Error(`${LISTS[i % LISTS.length]}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
      times.push(performance.now() - asked);
    }
  }));
  return times.sort((a, b) => a - b);
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function runImportBench(): Promise<string[]> {
  // The demo data seeded once (minutes) into a folder kept for the next run; each run imports into a copy of it.
  const template = path.resolve(process.env.BENCH_IMPORT_DIR ?? '.bench-import');
  const configOf = (dataDir: string) => ({ ...readConfig(), dataDir, databaseUrl: undefined, demoPassword: PASSWORD, demoData: true, scryptLogN: 10 });
  if (!existsSync(path.join(template, 'seeded'))) {
    log(`Seeding the demo data into ${template} (once)…`);
    rmSync(template, { recursive: true, force: true });
    await (await boot(configOf(path.join(template, 'data')), { log })).close();
    cpSync(path.join(template, 'data'), path.join(template, 'seeded'), { recursive: true });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
  cpSync(path.join(template, 'seeded'), dataDir, { recursive: true });
  const config = configOf(dataDir);
  const database = await boot(config, { log });
  try {
    const app = createApp({ db: database.db, config });
    const clients = await Promise.all(Array.from({ length: READERS }, async () => {
      const c = new Client(app);
      await c.signIn('superadmin@demo.test', PASSWORD);
      return c;
    }));
    log(`Warming up, then ${QUIET_SECONDS} s of list pages with nothing else running…`);
    await readLists(clients, new Promise((r) => setTimeout(r, 3_000)));
    const quiet = await readLists(clients, new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000)));

    const def = getEntity('patients');
    const { readTable } = await import('../src/server/import/table');
    const bytes = patientsCsv();
    const table = await readTable(bytes, 'text/csv', Number.MAX_SAFE_INTEGER);
    const fields = matchColumns(def, table.header);
    const id = Number((await sql<{ id: number }>`insert into import_run (entity, created_by, total, content_type, file)
      values (${def.name}, null, ${table.rows.length}, 'text/csv', ${bytes}) returning id`.execute(database.db)).rows[0].id);
    log(`Importing ${ROWS} patients (${IMPORT_BATCH} rows a batch) while ${READERS} staff page through lists…`);
    const started = performance.now();
    const imported = runImport(database.db, id, table, fields, { actor: SYSTEM_ACTOR, scryptLogN: config.scryptLogN }).then(() => performance.now() - started);
    const ticker = setInterval(() => void sql<{ done_rows: number }>`select done_rows from import_run where id = ${id}`.execute(database.db)
      .then((r) => log(`  ${r.rows[0].done_rows} rows in ${((performance.now() - started) / 1000).toFixed(0)} s`)), 15_000);
    const during = await readLists(clients, imported).finally(() => clearInterval(ticker));
    const seconds = (await imported) / 1000;
    const run = (await sql<{ state: string; added: number; failed: number; errors: unknown[] }>`select state, added, failed, errors from import_run where id = ${id}`.execute(database.db)).rows[0];
    if (run.state !== 'done' || run.added !== ROWS) throw new Error(`the import ended ${run.state} with ${run.added} added, ${run.failed} failed: ${JSON.stringify(run.errors).slice(0, 300)}`);

    const p95 = { quiet: percentile(quiet, 0.95), during: percentile(during, 0.95) };
    const lines = [
      `import: ${ROWS} patients in ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds)} rows/s, ${IMPORT_BATCH} rows a batch, embedded, fsync ${config.pgliteFsync ? 'on' : 'off'})`,
      `lists beside it (${READERS} staff): p50 ${ms(percentile(during, 0.5))}, p95 ${ms(p95.during)}, max ${ms(during.at(-1)!)} over ${during.length} pages`,
      `lists quiet: p50 ${ms(percentile(quiet, 0.5))}, p95 ${ms(p95.quiet)}, max ${ms(quiet.at(-1)!)} over ${quiet.length} pages`,
      `lists' p95 during the import / quiet: ${(p95.during / p95.quiet).toFixed(2)}× (target: at most 2×; the import under 60 s)`,
    ];
    for (const l of lines) console.log(l);
    return lines;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

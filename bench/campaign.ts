import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../src/server/app';
import { boot } from '../src/server/boot';
import type { DB } from '../src/server/db/connection';
import { nextTurn } from '../src/server/db/turn';
import '../src/server/jobs';
import { startScheduler } from '../src/server/scheduler/runs';
import { Client } from './client';
import { fmt } from './progress';
import { BENCH_PASSWORD, benchConfig } from './seed';
import { median, percentile } from './timing';

/**
 * `npm run bench -- --campaign` (issue 37 §6): a campaign to 10,000 patients on the embedded database, sent by this
 * process's own scheduler (as the console sends it) while staff read list pages, in one process as the console runs:
 * one connection, one event loop. In the same run, in alternating stretches, the same pages read with nothing
 * sending: the lists' p95 with a send beside them is a ratio to the quiet one, both taken on the same machine at
 * the same time. Each round sends a new campaign to the same patients; a fresh folder each run (the patients are
 * inserted directly, one statement). Figures in bench/campaign-figures.md.
 */
const log = (line: string) => process.stderr.write(`${line}\n`);

const RECIPIENTS = 10_000;
const ROUNDS = 3;
/** Staff reading at once, each one page after another. */
const READERS = 4;
/** Pages each reader reads in a quiet stretch, before each round's send. */
const QUIET_PAGES = 40;
/** The list pages a person has open meanwhile: patients (first page, by name, searched), campaigns, doctors. */
const PAGES = ['/api/patients?limit=50', '/api/patients?limit=50&sort=firstName:desc', '/api/patients?limit=50&q=P12', '/api/notification?limit=50', '/api/doctor?limit=50'];

const p95 = (ms: number[]) => percentile([...ms].sort((a, b) => a - b), 0.95);
const load = () => loadavg().map((n) => n.toFixed(1)).join(', ');

async function readPage(client: Client, i: number): Promise<number> {
  // A browser's next page comes over the network: it is read in a later turn of the event loop, behind whatever holds
  // the loop, and is timed from when it is asked for. Read in the same turn (a loop of awaits on the in-process app,
  // whose database answers with promises already settled), the pages would never let the sender's next batch in.
  const started = performance.now();
  await nextTurn();
  const reply = await client.get(PAGES[i % PAGES.length]);
  if (reply.status !== 200) throw new Error(`${PAGES[i % PAGES.length]} answered ${reply.status}`);
  return performance.now() - started;
}

/** READERS readers, each reading pages until `more()` says stop; every page's time. */
async function readWhile(clients: Client[], more: (reader: number, pages: number) => boolean | Promise<boolean>): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(clients.map(async (client, r) => {
    for (let i = r; await more(r, i - r); i++) times.push(await readPage(client, i));
  }));
  return times;
}

const statusOf = async (db: DB, id: number) => (await sql<{ status: string; sent: number | null }>`select status, sent from notification_campaign where id = ${id}`.execute(db)).rows[0]!;

export async function runCampaignBench(): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-campaign-'));
  const config = benchConfig(dir);
  const database = await boot(config, { log });
  try {
    const db = database.db;
    await sql`insert into patient (first_name, last_name, phone, email, status)
      select 'P' || i, 'Bench', '+91 96' || lpad(i::text, 8, '0'), 'p' || i || '@bench.test', 'active' from generate_series(1, ${RECIPIENTS}) i`.execute(db);
    await sql`vacuum analyze patient`.execute(db);
    const app = createApp({ db, config });
    const clients: Client[] = [];
    for (let r = 0; r < READERS; r++) {
      const client = new Client(app);
      await client.signIn('superadmin@demo.test', BENCH_PASSWORD);
      clients.push(client);
    }
    await readWhile(clients, (_, pages) => pages < PAGES.length); // warm-up
    const scheduler = startScheduler(db, { tickSeconds: 1, log: () => {} });
    const quiet: number[] = [];
    const busy: number[] = [];
    const sendSeconds: number[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        quiet.push(...await readWhile(clients, (_, pages) => pages < QUIET_PAGES));
        const made = (await clients[0].post('/api/notification', { title: `Bench campaign ${round}`, body: 'Ten thousand messages.', audience: 'patient', channel: 'sms' })).body as { data: { id: number; version: number } };
        const started = performance.now();
        const moved = await clients[0].post(`/api/notification/${made.data.id}/transition`, { to: 'sending', version: made.data.version });
        if (moved.status !== 200) throw new Error(`the send move answered ${moved.status}`);
        scheduler.wake();
        let sent = false;
        // Reader 0 also watches the campaign, between its pages, as its screen would.
        busy.push(...await readWhile(clients, async (r) => {
          if (r === 0 && !sent && (await statusOf(db, made.data.id)).status === 'sent') {
            sent = true;
            sendSeconds.push((performance.now() - started) / 1000);
          }
          return !sent;
        }));
        const now = await statusOf(db, made.data.id);
        const queued = (await sql<{ n: number }>`select count(*)::int as n from outbox where message_key like ${`campaign:${made.data.id}:%`}`.execute(db)).rows[0]!.n;
        if (now.sent !== RECIPIENTS || queued !== RECIPIENTS) throw new Error(`round ${round}: ${now.sent} counted sent, ${queued} outbox rows, of ${RECIPIENTS}`);
        log(`  round ${round}: ${fmt(RECIPIENTS)} queued in ${sendSeconds.at(-1)!.toFixed(1)} s (load average ${load()})`);
      }
    } finally {
      await scheduler.stop();
    }
    const seconds = median(sendSeconds);
    const lines = [
      `campaign: ${fmt(RECIPIENTS)} recipients, time to sent ${seconds.toFixed(1)} s (median of ${ROUNDS}: ${sendSeconds.map((s) => s.toFixed(1)).join(', ')}), ${fmt(Math.round(RECIPIENTS / seconds))}/s, on the embedded database`,
      `campaign: list pages p95 ${p95(busy).toFixed(1)} ms while sending (${busy.length} reads) / ${p95(quiet).toFixed(1)} ms quiet (${quiet.length} reads) = ${(p95(busy) / p95(quiet)).toFixed(2)}×, ${READERS} readers (load average ${load()})`,
    ];
    for (const l of lines) console.log(l);
    return lines;
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { getEntity } from '../src/registry';
import { createApp } from '../src/server/app';
import { boot } from '../src/server/boot';
import { EXPORT_PAGE } from '../src/server/crud/export';
import { ident } from '../src/server/db/entity-table';
import { BENCH_PASSWORD, benchConfig } from './seed';

/**
 * `npx tsx bench/export.ts [--rows=200000] [--runs=2] [--data=.bench-data]`: the list's CSV export (crud/export.ts) of about
 * `rows` payments (the newest days), over a real socket from the console's own HTTP server (gzip as a browser asks for it), on the
 * data set `npm run bench` seeded (run that first). Prints the time to the first byte and to the last, rows a second,
 * and the process's resident memory (RSS) before, while (sampled every 20 ms) and after: a streamed export holds one
 * page, so its peak should stay near where it started whatever the rows. Payments, not patients: a patient export
 * writes an audit row per patient, which would grow the shared data set on every run.
 * It only reports; nothing here is a test.
 */
const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const want = Number(flag('rows') ?? 200_000);
const dataDir = path.resolve(flag('data') ?? '.bench-data');
if (!existsSync(path.join(dataDir, 'bench-meta.json'))) {
  console.error(`No data set in ${dataDir}: run \`npm run bench -- --seed-only\` first.`);
  process.exit(1);
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const log = (line: string) => process.stderr.write(`${line}\n`);

const config = benchConfig(dataDir);
const database = await boot(config, { log });
const app = createApp({ db: database.db, config });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const login = await fetch(`${base}/api/adminUser/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'superadmin@demo.test', password: BENCH_PASSWORD }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  // A range of days holding about `want` payments: the newest ones, as the list (sorted by date) shows them first.
  const payment = getEntity('payment');
  const from = await sql<{ day: string }>`select to_char(initiated_at at time zone 'UTC', 'YYYY-MM-DD') as day from ${sql.raw(ident(payment.table))}
    order by initiated_at desc limit 1 offset ${want - 1}`.execute(database.db);
  const day = from.rows[0]?.day;
  const url = `${base}/api/payment/export?sort=initiatedAt:desc${day ? `&filter[initiatedAt]=${day}..` : ''}`;

  // The list's first page of the same query first: it counts the same rows, so a cold cache is warmed outside the export's figures.
  const listStarted = performance.now();
  const listed = await fetch(url.replace('/export?', '?'), { headers: { authorization: `Bearer ${token}` } });
  await listed.arrayBuffer();
  const listMs = performance.now() - listStarted;

  const runs = Number(flag('runs') ?? 2);
  for (let run = 1; run <= runs; run++) {
    global.gc?.();
    const before = process.memoryUsage();
    let peak = before.rss;
    let peakJs = before.heapUsed + before.arrayBuffers;
    const samples: number[] = [];
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      peakJs = Math.max(peakJs, m.heapUsed + m.arrayBuffers);
      samples.push(m.rss);
    }, 20);

    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    const headersAt = performance.now() - started;
    if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const reader = res.body!.getReader();
    let bytes = 0;
    let records = 0;
    let firstByte = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - started;
      bytes += value.length;
      for (let i = 0; i < value.length; i++) if (value[i] === 0x0a) records++;
    }
    const total = performance.now() - started;
    clearInterval(timer);
    const after = process.memoryUsage().rss;
    const rows = records - 1;
    const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? before.rss;

    if (run === 1) {
      console.log(`CSV export of ${rows.toLocaleString('en-IN')} payments (${url.replace(base, '')}), pages of ${EXPORT_PAGE}, over HTTP, Node ${process.version}:`);
      console.log(`  the list's first page of this query before it: ${listMs.toFixed(0)} ms (status ${listed.status})`);
      console.log(`  X-Total-Count ${res.headers.get('x-total-count')}${res.headers.get('x-total-is-estimate') ? ' (estimate)' : ''}, ${res.headers.get('content-encoding') ?? 'identity'}`);
    }
    console.log(`  run ${run}: headers after ${headersAt.toFixed(0)} ms, first rows after ${firstByte.toFixed(0)} ms, all after ${(total / 1000).toFixed(1)} s: ${Math.round(rows / (total / 1000)).toLocaleString('en-IN')} rows/s, ${mb(bytes)} of CSV (uncompressed)`);
    console.log(`    RSS (server, database and this client): before ${mb(before.rss)}, median during ${mb(median)}, peak ${mb(peak)} (+${mb(peak - before.rss)}), after ${mb(after)}; JS heap and buffers: before ${mb(before.heapUsed + before.arrayBuffers)}, peak ${mb(peakJs)}`);
  }
} finally {
  server.close();
  await database.close();
}

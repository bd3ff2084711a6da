/**
 * What PGLITE_FSYNC=1 costs in write throughput, measured on this machine's disk (docs/operations.md#durability).
 * `npx tsx tests/crash/fsync-cost.ts [seconds] [rounds]` prints, for the embedded database as PGlite ships it and
 * with fsync (alternating rounds, medians):
 *  - bare commits per second (one-row inserts, each its own transaction, straight into PGlite);
 *  - API writes per second (POST /api/specialist as the superadmin, in-process, one at a time: each is a
 *    transaction with its search row and audit row, the write path of every record).
 * Not part of `npm test`: a measurement, not a check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createApp } from '../../src/server/app';
import { boot } from '../../src/server/boot';
import { readConfig } from '../../src/server/config';

const seconds = Number(process.argv[2] ?? 3);
const PASSWORD = 'fsync-cost-password';

async function measure(fsync: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'console-fsync-cost-'));
  try {
    const config = readConfig({ DATA_DIR: dataDir, DEMO_PASSWORD: PASSWORD, DEMO_DATA: '0', MFA_REQUIRED_ROLES: 'none', SCRYPT_LOG_N: '10', PGLITE_FSYNC: fsync ? '1' : '0' });
    const database = await boot(config);
    const db = database.db;
    await sql`create table fsync_cost (id serial primary key, v text)`.execute(db);
    let commits = 0;
    let end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      await sql`insert into fsync_cost (v) values (${String(commits)})`.execute(db);
      commits++;
    }
    const app = createApp({ db, config, distDir: path.join(dataDir, 'no-dist') });
    const login = await app.request('/api/adminUser/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'superadmin@demo.test', password: PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    let writes = 0;
    end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const res = await app.request('/api/specialist', {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: `Cost ${writes}`, status: 'active' }),
      });
      if (res.status !== 200 && res.status !== 201) throw new Error(`POST /api/specialist: ${res.status} ${await res.text()}`);
      writes++;
    }
    await database.close();
    return { commitsPerSecond: Math.round(commits / seconds), apiWritesPerSecond: Math.round(writes / seconds) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alternating rounds, medians: the disk's fsync time varies with what else the machine writes.
const rounds = Number(process.argv[3] ?? 3);
const results: Record<'shipped' | 'fsync', { commitsPerSecond: number; apiWritesPerSecond: number }[]> = { shipped: [], fsync: [] };
for (let r = 0; r < rounds; r++) {
  results.shipped.push(await measure(false));
  results.fsync.push(await measure(true));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (k: 'shipped' | 'fsync') => ({
  commits: median(results[k].map((x) => x.commitsPerSecond)),
  api: median(results[k].map((x) => x.apiWritesPerSecond)),
  all: results[k].map((x) => `${x.commitsPerSecond}/${x.apiWritesPerSecond}`).join(' '),
});
const change = (a: number, b: number) => `${b <= a ? Math.round((1 - b / a) * 100) + '% fewer' : Math.round((b / a - 1) * 100) + '% more'}`;
const [a, b] = [summary('shipped'), summary('fsync')];
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} CPUs; ${rounds} rounds of ${seconds} s, medians (each round: commits/API writes)`);
console.log(`PGLITE_FSYNC=0 (PGlite as it ships): ${a.commits} commits/s, ${a.api} API writes/s   [${a.all}]`);
console.log(`PGLITE_FSYNC=1 (the default):        ${b.commits} commits/s (${change(a.commits, b.commits)}), ${b.api} API writes/s (${change(a.api, b.api)})   [${b.all}]`);

import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { createApp } from '../src/server/app';
import { boot } from '../src/server/boot';
import { mergePendingLists } from '../src/server/db/maintenance';
import { readConfig } from '../src/server/config';
import { Client } from './client';
import { BENCH_PASSWORD } from './seed';
import { percentile } from './timing';
import { traced } from './trace';

/**
 * What planning costs a cross-entity search's statements: `npx tsx bench/search-plans.ts DEMO_DATA_DIR [term]` (a
 * copy: the parts' statement writes read entries) calls `GET /api/search` once, takes its statements as they ran, and
 * runs each again RUNS times (default 40) in four ways, alternated so that the machine's load falls on each alike:
 * on its own, planned for its values as the connection plans every statement (`custom`), the same in a transaction
 * (`custom in tx`), on the plan its prepared statement keeps under force_generic_plan in a transaction
 * (`generic in tx`), and the transaction alone. The figure is the process's CPU time a call (the embedded database runs in this thread), steadier than
 * wall time on a shared machine. Then `EXPLAIN (ANALYZE, TIMING OFF)`'s planning and execution of a call, and the
 * plan each mode makes.
 */
const RUNS = Number(process.env.RUNS ?? 40);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const WAYS = ['custom', 'custom in tx', 'generic in tx', 'tx alone'] as const;

async function main() {
  const [dir, term = 'sharma'] = process.argv.slice(2);
  if (!dir) throw new Error('usage: npx tsx bench/search-plans.ts DEMO_DATA_DIR [term]');
  const password = process.env.DEMO_PASSWORD ?? BENCH_PASSWORD;
  const config = readConfig({ DATA_DIR: path.resolve(dir), DEMO_PASSWORD: password, DEMO_DATA: '1' });
  const database = await boot(config);
  const db = database.db;
  // As the console does at start (db/maintenance.ts): searches do not read the GIN indexes' pending lists.
  await mergePendingLists(db);
  try {
    const client = new Client(createApp({ db, config }));
    await client.signIn(`${process.env.ROLE ?? 'superadmin'}@demo.test`, password);
    const url = `/api/search?q=${encodeURIComponent(term)}`;
    for (let i = 0; i < 3; i++) await client.get(url);
    const { statements } = await traced(() => client.get(url));
    // The search's and the parts' statements, not the transaction's own (begin, set, commit).
    for (const st of statements.filter((x) => /^\s*with /.test(x.sql))) {
      const q = CompiledQuery.raw(st.sql, st.params);
      const times: Record<string, number[]> = Object.fromEntries([...WAYS, 'planning', 'execution'].map((w) => [w, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const way of WAYS) {
          const started = cpu();
          if (way === 'custom') await db.executeQuery(q);
          else await db.transaction().execute(async (tx) => {
            await sql.raw(`set local plan_cache_mode = ${way === 'generic in tx' ? 'force_generic_plan' : 'force_custom_plan'}`).execute(tx);
            if (way !== 'tx alone') await tx.executeQuery(q);
          });
          times[way].push(cpu() - started);
        }
        const lines = ((await db.executeQuery(CompiledQuery.raw(`explain (analyze, timing off, summary) ${st.sql}`, st.params))).rows as Record<string, string>[]).map((r) => Object.values(r)[0]);
        const ms = (label: string) => Number(/([0-9.]+) ms/.exec(lines.find((l) => l.includes(label)) ?? '')?.[1]);
        times.planning.push(ms('Planning Time'));
        times.execution.push(ms('Execution Time'));
      }
      const figures = Object.entries(times).map(([way, t]) => { t.sort((a, b) => a - b); return `${way} ${percentile(t, 0.5).toFixed(2)} / ${percentile(t, 0.95).toFixed(2)}`; });
      console.log(`\n${st.sql.replace(/\s+/g, ' ').trim().slice(0, 60)}…\n  p50 / p95 ms (CPU a call; planning and execution: EXPLAIN's): ${figures.join(', ')}`);
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        const plan = await db.transaction().execute(async (tx) => {
          await sql.raw(`set local plan_cache_mode = ${mode}`).execute(tx);
          return tx.executeQuery(CompiledQuery.raw(`explain ${st.sql}`, st.params));
        });
        const nodes = (plan.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/\s+\(cost.*$/, ''));
        console.log(`  ${mode}: ${nodes.join('; ')}`);
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

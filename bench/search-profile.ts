import { Session } from 'node:inspector/promises';
import { CompiledQuery } from 'kysely';
import { createApp } from '../src/server/app';
import { Client } from './client';
import { summariseProfile, type CpuProfile } from './profile-summary';
import { openSearchData, SEARCH_TERMS } from './search-data';
import { percentile } from './timing';
import { traced, type Statement } from './trace';

/**
 * Where a cross-entity search's time goes: `npx tsx bench/search-profile.ts [DATA_DIR] [term…]` opens an embedded data
 * folder in this process (the demo data, seeded there on first use, when it holds no bench data set; a bench data set
 * such as .bench-data/scale-0.2 as it is), calls `GET /api/search` for each term RUNS times (default 40, after 5
 * warm-up calls) as the superadmin (ROLE= another demo account), and prints each term's p50 and p95, the statements of
 * one call with their times (EXPLAIN=MS: the plans of those of MS or more; PLANS=1: how often each named search
 * statement was planned afresh), each statement's CPU a call over the timed calls and the CPU outside them, and a
 * CPU profile of all the timed calls (PROFILE=0: none) summarised by function. The database runs in this thread, so
 * the profile holds its time too (PGlite's WebAssembly shows as numbered functions).
 */
const RUNS = Number(process.env.RUNS ?? 40);
const WARMUP = 5;
const ROLE = process.env.ROLE ?? 'superadmin';

async function main() {
  const [dir = '.bench-load-search', ...named] = process.argv.slice(2);
  const { database, config, password } = await openSearchData(dir);
  try {
    const client = new Client(createApp({ db: database.db, config }));
    await client.signIn(`${ROLE}@demo.test`, password);
    const terms = named.length ? named : SEARCH_TERMS;
    const session = new Session();
    session.connect();
    const profiling = process.env.PROFILE !== '0';
    for (const term of terms) {
      const url = `/api/search?q=${encodeURIComponent(term)}`;
      for (let i = 0; i < WARMUP; i++) await client.get(url);
      const { result, statements } = await traced(() => client.get(url));
      const times: number[] = [];
      if (profiling) { await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start'); }
      const calls: { cpuMs: number; statements: Statement[] }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const started = cpuNow();
        const traced1 = await traced(() => client.get(url));
        times.push(traced1.result.ms);
        calls.push({ cpuMs: cpuNow() - started, statements: traced1.statements });
      }
      const profile = profiling ? ((await session.post('Profiler.stop')) as { profile: CpuProfile }).profile : null;
      times.sort((a, b) => a - b);
      const body = result.body as { data?: unknown[]; groups?: { entity: string; count: number; more: boolean }[] };
      console.log(`\n## q=${term}: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${RUNS} calls; ${body.data?.length ?? 0} hits, groups ${(body.groups ?? []).map((g) => `${g.entity} ${g.count}${g.more ? '+' : ''}`).join(', ')})`);
      console.log(statementLines(statements));
      console.log(cpuLines(calls));
      if (process.env.EXPLAIN) {
        // The search's and the parts' statements: a transaction's own (begin, set, commit) cannot be explained. The
        // plan shown is made for the term's values (EXPLAIN plans its statement with them); both run on a plan kept
        // for any values (search/palette.ts), whose estimates are its own.
        for (const st of statements.filter((x) => x.ms >= Number(process.env.EXPLAIN) && /^\s*(with|select)\b/.test(x.sql))) {
          const plan = await database.db.executeQuery(CompiledQuery.raw(`explain (analyze, buffers, summary) ${st.sql}`, st.params));
          console.log((plan.rows as Record<string, string>[]).map((r) => `    ${Object.values(r)[0]}`).join('\n'));
        }
      }
      if (process.env.PLANS) {
        // Whether the named statements' plans are made each call (custom) or kept (generic): a search's planning
        // was as long as its run (EXPLAIN), and a prepared statement keeps a generic plan only when it seems no dearer.
        const plans = await database.db.executeQuery(CompiledQuery.raw(`select generic_plans, custom_plans, left(regexp_replace(statement, '\\s+', ' ', 'g'), 90) as text
          from pg_prepared_statements where statement ~ '^\\s*with (starting|x) as' order by prepare_time`));
        console.log((plans.rows as Record<string, unknown>[]).map((r) => `    generic ${r.generic_plans}, custom ${r.custom_plans}: ${r.text}`).join('\n'));
      }
      if (profile && process.env.PROFILE_TERMS !== '0') console.log(summariseProfile(profile, Number(process.env.TOP ?? 15)));
    }
    session.disconnect();
  } finally {
    await database.close();
  }
}

const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** A statement's part in a call, by its first words: the search, the hits' parts, the transaction's own. */
function statementLabel(text: string): string {
  const t = text.trim();
  if (/^with starting/.test(t)) return 'the search';
  if (/^with x as/.test(t)) return "the hits' parts (with the read's entries)";
  return t.replace(/\s+/g, ' ').slice(0, 40);
}

/**
 * Where a call's CPU goes (the process's CPU time, the database's included: it runs in this thread): each
 * statement's median a call, and the rest, outside any statement (the route, its middleware, the JavaScript around
 * the statements and the client's own), from the same timed calls. Medians taken apart do not add up to the call's.
 */
function cpuLines(calls: { cpuMs: number; statements: Statement[] }[]): string {
  const by = new Map<string, number[]>();
  const outside: number[] = [];
  for (const call of calls) {
    const mine = new Map<string, number>();
    for (const st of call.statements) mine.set(statementLabel(st.sql), (mine.get(statementLabel(st.sql)) ?? 0) + st.cpuMs);
    for (const [label, ms] of mine) by.set(label, [...(by.get(label) ?? []), ms]);
    outside.push(call.cpuMs - call.statements.reduce((sum, st) => sum + st.cpuMs, 0));
  }
  const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 0.5);
  const rows = [...by].map(([label, xs]) => [label, median(xs), xs.length] as const).sort((a, b) => b[1] - a[1]);
  return [`CPU a call, median of ${calls.length}: ${median(calls.map((c) => c.cpuMs)).toFixed(2)} ms`,
    ...rows.map(([label, ms, n]) => `  ${ms.toFixed(2).padStart(7)} ms  ${label}${n < calls.length ? ` (${n} calls)` : ''}`),
    `  ${median(outside).toFixed(2).padStart(7)} ms  outside the statements`].join('\n');
}

function statementLines(statements: Statement[]): string {
  const total = statements.reduce((s, x) => s + x.ms, 0);
  return [`${statements.length} statements, ${total.toFixed(1)} ms:`, ...statements.map((s) => `  ${s.ms.toFixed(2).padStart(7)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`)].join('\n');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

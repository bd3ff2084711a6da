import http from 'node:http';
import { ENTITIES, holdsPatientData, sortKeys, filterKeys, type EntityDef } from '../src/registry';
import { benchLoadDir, BENCH_CONSOLE_PASSWORD, startConsole, stopConsole } from './console-process';
import type { LoadOptions } from './options';
import { percentile } from './timing';

/**
 * `npm run bench -- --load` (the last part of `npm run bench`): fifty staff at once. Starts the console as its own
 * process on the demo data (the embedded database in BENCH_LOAD_DIR, seeded on first use; or a PostgreSQL server,
 * seeded if empty), then runs a realistic mix at 50 connections for 60 s (after 5 s of it, the process's start,
 * reported apart): list pages with sorts and filters, details, palette searches, list searches and edits. Prints
 * requests/s, p50, p95, p99, max and errors. It reports; nothing here is a test. Targets (issue 8): PostgreSQL p99 under 100 ms with no errors; embedded within 2x of PostgreSQL.
 */
const PORT = Number(process.env.BENCH_LOAD_PORT ?? 8733);
const log = (line: string) => process.stderr.write(`${line}\n`);
/** Seconds of the mix run before the measured ones, and reported apart: a fresh process's start. */
const WARM_UP_SECONDS = 5;

interface Reply { status: number; body: string; ms: number }

/**
 * One call to the console on `port` through `agent`, timed. Sent again once when a kept-alive connection turns out
 * closed by the console as it was reused (its idle timeout met the call on the way: Node's documented race,
 * request.reusedSocket), which is no error of the console's.
 */
export async function requestOn(agent: http.Agent, port: number, method: string, url: string, token?: string, body?: unknown): Promise<Reply> {
  try {
    return await requestOnce(agent, port, method, url, token, body);
  } catch (err) {
    if ((err as { reusedSocket?: boolean; code?: string }).reusedSocket && (err as { code?: string }).code === 'ECONNRESET') return requestOnce(agent, port, method, url, token, body);
    throw err;
  }
}

function requestOnce(agent: http.Agent, port: number, method: string, url: string, token?: string, body?: unknown): Promise<Reply> {
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers: {
      'content-type': 'application/json', 'accept-encoding': 'identity',
      ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-length': payload.length } : {}),
    } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    if (payload) req.write(payload);
    req.end();
  });
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)];
const SURNAMES = ['sharma', 'patel', 'singh', 'kumar', 'iyer', 'reddy', 'nair', 'gupta'];
const SEARCH_TERMS = ['an', 'ra', 'sh', 'ku', 'pa', 'mum', 'del', 'kum', 'shar', 'sing', 'pat', 'card', 'mc', 'apt', 'pay', 'raj', 'pri'];

export interface Sample { kind: string; ms: number; ok: boolean }

/** What one stretch of the mix did: its samples, its errors by kind, and how long it took. */
export interface MixRun { samples: Sample[]; errors: Map<string, number>; seconds: number }

/** The load mix ready to run against one console: `run(seconds)` as often as wanted, then `close()`. */
export interface LoadMix { run(seconds: number, rate?: number): Promise<MixRun>; close(): void }

/**
 * Signs in as the superadmin on the console at `port`, reads what the mix reads (the lists with records, a few ids of
 * each, their sort and filter keys) and returns the mix at `connections` connections.
 */
export async function prepareMix(port: number, connections: number): Promise<LoadMix> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const request = (method: string, url: string, token?: string, body?: unknown) => requestOn(agent, port, method, url, token, body);
  const signed = await request('POST', '/api/adminUser/login', undefined, { email: 'superadmin@demo.test', password: BENCH_CONSOLE_PASSWORD });
  if (signed.status !== 200) { agent.destroy(); throw new Error(`sign-in failed: ${signed.status} ${signed.body}`); }
  const token = JSON.parse(signed.body).data.token as string;

  const lists: { def: EntityDef; ids: number[]; base: string }[] = [];
  for (const def of ENTITIES) {
    const base = `/api/${def.api}`;
    const r = await request('GET', `${base}?limit=50`, token);
    if (r.status !== 200) continue;
    const ids = (JSON.parse(r.body).data as { id: number }[]).map((x) => x.id);
    if (ids.length) lists.push({ def, ids, base });
  }
  const editable = lists.filter((l) => l.def.name === 'speciality' || l.def.name === 'department' || l.def.name === 'medicine');
  log(`Mix over ${lists.length} lists at ${connections} connections…`);

  const listPage = (l: typeof lists[number]) => {
    const sort = pick(sortKeys(l.def));
    const params = new URLSearchParams({ limit: '50', sort: `${sort}:${pick(['asc', 'desc'])}` });
    const enumFilter = filterKeys(l.def).find((k) => l.def.fields[k].kind === 'enum');
    if (enumFilter && Math.random() < 0.4) params.set(`filter[${enumFilter}]`, pick(l.def.fields[enumFilter].values!));
    return `${l.base}?${params}`;
  };
  // A read of patient data writes its audit entry before it answers (audit/audit.ts); other reads write nothing. The
  // two are told apart, so that what the entries cost shows (issue 35 §3).
  const audited = (l: typeof lists[number], kind: string) => `${kind}${holdsPatientData(l.def) ? ' (audited)' : ''}`;
  // Each request is one sample: an edit is two (the read, then the write), as the rate and percentiles count requests.
  const step = async (): Promise<Sample[]> => {
    const roll = Math.random();
    const l = pick(lists);
    if (roll < 0.4) { const r = await request('GET', listPage(l), token); return [{ kind: audited(l, 'list page'), ms: r.ms, ok: r.status === 200 }]; }
    if (roll < 0.6) { const r = await request('GET', `${l.base}/${pick(l.ids)}`, token); return [{ kind: audited(l, 'details'), ms: r.ms, ok: r.status === 200 }]; }
    if (roll < 0.7) { const r = await request('GET', `/api/search?q=${pick(SEARCH_TERMS)}`, token); return [{ kind: 'palette search', ms: r.ms, ok: r.status === 200 }]; }
    // A surname typed whole, as the palette's answer to a person is measured (issue 35).
    if (roll < 0.75) { const r = await request('GET', `/api/search?q=${pick(SURNAMES)}`, token); return [{ kind: 'palette search: surname', ms: r.ms, ok: r.status === 200 }]; }
    if (roll < 0.9) { const r = await request('GET', `${l.base}?limit=50&q=${pick(SEARCH_TERMS)}`, token); return [{ kind: audited(l, 'list search'), ms: r.ms, ok: r.status === 200 }]; }
    // An edit as staff make it: read the record, write it back with its version (a 409 is a colleague's edit, not an error).
    const e = pick(editable);
    const read = await request('GET', `${e.base}/${pick(e.ids)}`, token);
    const reading: Sample = { kind: 'edit: read', ms: read.ms, ok: read.status === 200 };
    if (read.status !== 200) return [reading];
    const rec = JSON.parse(read.body).data as Record<string, unknown>;
    const payload: Record<string, unknown> = { version: rec.version };
    for (const [k, fd] of Object.entries(e.def.fields)) if (fd.kind !== 'computed' && !fd.writeOnly) payload[k] = rec[k];
    const w = await request('PUT', `${e.base}/${rec.id}`, token, payload);
    return [reading, { kind: 'edit: write', ms: w.ms, ok: w.status === 200 || w.status === 409 }];
  };

  /**
   * The mix at every connection for `length` seconds: each connection starts its next step when its last is answered
   * (closed loop: the console's capacity). With `rate`, steps start on a schedule of `rate` a second, each taken by a
   * free connection (open loop: a load the console is not asked to exceed); a step that starts late, every connection
   * busy, counts its wait in its first request's time, as the user who asked then would wait.
   */
  const run = async (length: number, rate?: number): Promise<MixRun> => {
    const samples: Sample[] = [];
    const errors = new Map<string, number>();
    const deadline = performance.now() + length * 1000;
    const started = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const due = rate ? started + (next++ * 1000) / rate : performance.now();
        if (due >= deadline) break;
        if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
        const late = Math.max(0, performance.now() - due);
        try {
          for (const [i, s] of (await step()).entries()) {
            samples.push(i === 0 ? { ...s, ms: s.ms + late } : s);
            if (!s.ok) errors.set(s.kind, (errors.get(s.kind) ?? 0) + 1);
          }
        } catch {
          errors.set('network', (errors.get('network') ?? 0) + 1);
          samples.push({ kind: 'network', ms: 0, ok: false });
        }
      }
    }));
    return { samples, errors, seconds: (performance.now() - started) / 1000 };
  };
  return { run, close: () => agent.destroy() };
}

/** Several stretches of the mix as one: their samples and errors together, their seconds added. */
export function pooled(runs: readonly MixRun[]): MixRun {
  const errors = new Map<string, number>();
  for (const r of runs) for (const [k, n] of r.errors) errors.set(k, (errors.get(k) ?? 0) + n);
  return { samples: runs.flatMap((r) => r.samples), errors, seconds: runs.reduce((s, r) => s + r.seconds, 0) };
}

/** A run's figures over all its requests: rate, p50, p95, p99, max (ms) and errors. */
export function mixFigures(r: MixRun) {
  const t = r.samples.map((x) => x.ms).sort((a, b) => a - b);
  return {
    requests: r.samples.length, perSecond: r.samples.length / r.seconds,
    p50: percentile(t, 0.5), p95: percentile(t, 0.95), p99: percentile(t, 0.99), max: t[t.length - 1] ?? NaN,
    errors: r.samples.filter((x) => !x.ok).length,
  };
}

/**
 * One load run: on the embedded database, or on `databaseUrl`'s PostgreSQL server; with opts.external, on the console
 * already listening on BENCH_LOAD_PORT. Returns the summary line (all requests: rate, p50, p95, p99, max, errors).
 */
export async function runLoad(opts: LoadOptions, databaseUrl = ''): Promise<string[]> {
  const { seconds: SECONDS, connections: CONNECTIONS } = opts;
  const where = databaseUrl ? 'PostgreSQL server' : 'embedded database';
  log(opts.external ? `Using the console on port ${PORT}…` : `Starting the console (${databaseUrl ? 'PostgreSQL' : `embedded database in ${benchLoadDir()}`}) on port ${PORT}; the first start seeds the demo data…`);
  const server = opts.external ? null : await startConsole(PORT, databaseUrl);
  const mix = await prepareMix(PORT, CONNECTIONS).catch(async (err: unknown) => { if (server) await stopConsole(server); throw err; });
  try {
    log(`${CONNECTIONS} connections for ${SECONDS} s…`);
    // A process just started is slow for its first seconds, whichever the database: each statement is prepared
    // and each table's description read once (and, likely, V8 still optimises the embedded database's WebAssembly).
    // That start is measured apart (and its errors counted), so that the figures below are the steady state's.
    const warm = await mix.run(WARM_UP_SECONDS);
    const warmMs = warm.samples.map((x) => x.ms).sort((a, b) => a - b);
    const { samples, errors, seconds } = await mix.run(SECONDS);
    const row = (name: string, xs: Sample[]) => {
      const t = xs.map((s) => s.ms).sort((a, b) => a - b);
      return `| ${name} | ${xs.length} | ${(xs.length / seconds).toFixed(0)} | ${percentile(t, 0.5).toFixed(1)} | ${percentile(t, 0.95).toFixed(1)} | ${percentile(t, 0.99).toFixed(1)} | ${t[t.length - 1].toFixed(1)} | ${xs.filter((s) => !s.ok).length} |`;
    };
    console.log(`\nLoad: ${CONNECTIONS} connections, ${seconds.toFixed(0)} s, ${where} (demo data; Node ${process.version})`);
    console.log('| operation | requests | per s | p50 ms | p95 ms | p99 ms | max ms | errors |\n|---|---|---|---|---|---|---|---|');
    console.log(row('all', samples));
    for (const kind of [...new Set(samples.map((s) => s.kind))].sort()) console.log(row(kind, samples.filter((s) => s.kind === kind)));
    if (errors.size) console.log(`errors: ${[...errors].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const warmLine = `the first ${WARM_UP_SECONDS} s of a fresh process (not counted above): ${warm.samples.length} requests, p50 ${percentile(warmMs, 0.5).toFixed(1)} ms, max ${(warmMs[warmMs.length - 1] ?? 0).toFixed(1)} ms, ${warm.samples.filter((x) => !x.ok).length} errors`;
    console.log(`Warm-up, ${warmLine}`);
    const t = samples.map((x) => x.ms).sort((a, b) => a - b);
    const failed = samples.filter((x) => !x.ok).length;
    return [
      `Load, ${where}, ${CONNECTIONS} connections ${seconds.toFixed(0)} s: ${(samples.length / seconds).toFixed(0)} requests/s, p50 ${percentile(t, 0.5).toFixed(1)} ms, p95 ${percentile(t, 0.95).toFixed(1)} ms, p99 ${percentile(t, 0.99).toFixed(1)} ms, max ${t[t.length - 1].toFixed(1)} ms, ${failed} errors`,
      `  (${where}, ${warmLine})`,
    ];
  } finally {
    mix.close();
    if (server) await stopConsole(server);
  }
}

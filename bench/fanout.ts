import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { canReadRecord, getEntity, ROLES, type Role } from '../src/registry';
import { BENCH_CONSOLE_PASSWORD, benchLoadDir, consoleMemory, cpuSeconds, cpuTimes, startConsole, stopConsole } from './console-process';
import { mixFigures, pooled, prepareMix, requestOn, type MixRun } from './load';
import type { FanoutOptions } from './options';
import { median, percentile } from './timing';

/**
 * `npm run bench -- --fanout`: the change stream under load. On the demo data, STREAMS open change streams (the five
 * roles in turn) and WRITERS staff editing master data (specialities, departments…) as fast as they can for `seconds`; each change
 * is timed from its commit (the event's `at`) to its arrival on every stream entitled to it. On PostgreSQL two console
 * processes share the database, the streams and writers split between them, so half the changes cross processes
 * through LISTEN/NOTIFY. Then what a delivery costs: the same edits with no stream open and with the streams open, in
 * the consoles' CPU time. Then the fifty-connection load mix (bench/load.ts) runs on the first
 * process in stretches with no stream open and with the streams open, alternating, so that both halves meet the same
 * data and process, first as fast as the console answers (its capacity), then at a fixed rate of half the capacity
 * without streams (its latency at a load it carries); each is printed side by side with its ratio and the consoles' CPU
 * time per request. The memory an
 * open stream costs is the consoles' live memory (after a full collection) before and after opening them all, over
 * their number. It reports; nothing here is a test. Target: p99 ≤ 1 s.
 */
const log = (line: string) => process.stderr.write(`${line}\n`);
const DATA_LINE = Buffer.from('\ndata: ');
const FIRST_PORT = Number(process.env.BENCH_LOAD_PORT ?? 8733);
/** The entities written: master data, told to each stream by role alone (none is scoped by centre). */
const WRITTEN = ['speciality', 'department', 'languages', 'features', 'experience', 'registerCouncil'] as const;
/** After the writers stop, how long the streams get to receive the last changes before missing ones are counted. */
const DRAIN_MS = 3000;

interface Agentful { agent: http.Agent; port: number }

const request = (to: Agentful, method: string, path: string, token?: string, body?: unknown) => requestOn(to.agent, to.port, method, path, token, body);

/**
 * One open change stream: every change it is told of, with the milliseconds from its commit to its arrival. An untimed
 * stream only takes its bytes, as a client on another machine would cost this one nothing more: the delivery cost and
 * load comparison measure the consoles, and the bench's own readers share their cores.
 */
class Stream {
  readonly heard = new Map<string, number>();
  /** Events an untimed stream was sent. */
  events = 0;
  private req: http.ClientRequest | null = null;

  /** `via`: the console (by index) the stream is open on. */
  constructor(readonly role: Role, readonly via = 0, readonly timed = true) {}

  open(port: number, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) { reject(new Error(`stream: ${res.statusCode}`)); return; }
        if (!this.timed) {
          res.once('data', () => resolve());
          // Events counted by their `data:` lines, found in the bytes (no text made, nothing parsed).
          res.on('data', (b: Buffer) => { for (let at = b.indexOf(DATA_LINE); at >= 0; at = b.indexOf(DATA_LINE, at + 1)) this.events++; });
          return;
        }
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!buf && !this.heard.size) resolve();
          buf += chunk;
          let cut: number;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const data = buf.slice(0, cut).split('\n').find((l) => l.startsWith('data: '));
            buf = buf.slice(cut + 2);
            if (!data) continue;
            const e = JSON.parse(data.slice(6)) as { entity: string; id: number; version: number; at: string };
            this.heard.set(`${e.entity}:${e.id}:${e.version}`, Date.now() - Date.parse(e.at));
          }
        });
      });
      this.req.on('error', reject);
    });
  }

  close() { this.req?.destroy(); }
}

/** A console the bench started: where it listens, and its process (for its memory and CPU time). */
interface Console extends Agentful { child: ChildProcess }

/** What the consoles hold live after a full collection, summed over them (bytes): the heap, and the process's RSS. */
async function liveMemory(consoles: readonly Console[]) {
  const each = await Promise.all(consoles.map((c) => consoleMemory(c.child)));
  return { heap: each.reduce((s, m) => s + m.heapUsed + m.external, 0), rss: each.reduce((s, m) => s + m.rss, 0) };
}

const consolesCpu = (consoles: readonly Console[]) => consoles.reduce((s, c) => s + cpuSeconds(c.child.pid!), 0);

/**
 * Opens `count` streams (the roles in turn, over the consoles in turn; `timed`: reading each change's delay) and says
 * what each costs the consoles: the live memory after a full collection before and after, over `count`.
 */
async function openStreams(consoles: readonly Console[], tokens: Record<Role, string>, count: number, timed = false) {
  const before = await liveMemory(consoles);
  const streams = Array.from({ length: count }, (_, i) => new Stream(ROLES[i % ROLES.length], i % consoles.length, timed));
  await Promise.all(streams.map((s) => s.open(consoles[s.via].port, tokens[s.role])));
  await sleep(1000);
  const after = await liveMemory(consoles);
  return { streams, heapEach: (after.heap - before.heap) / count, rssEach: (after.rss - before.rss) / count };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What openStreams does to the consoles besides opening streams: two reads of their live memory, each after full
 * collections, a second apart. A forced full collection also lets V8 drop the compiled code of functions that did not
 * run since the one before, which the next stretch then compiles again: when only the stretches with streams began
 * this way, they alone paid for it, and it looked like the streams' cost (bench/fanout-figures.md). A stretch without
 * streams begins the same way, so that the compiling falls on both halves alike.
 */
async function collectLikeOpening(consoles: readonly Console[]) {
  await liveMemory(consoles);
  await sleep(1000);
  await liveMemory(consoles);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Stretches of the load mix in each half, in the order A B B A A B B A: drift over the run meets both halves alike. */
const LOAD_STRETCHES = 8;

/** The fan-out run on the consoles (started by the caller); returns its summary lines. */
async function measure(opts: FanoutOptions, consoles: Console[], where: string): Promise<string[]> {
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) {
    const r = await request(consoles[0], 'POST', '/api/adminUser/login', undefined, { email: `${role}@demo.test`, password: BENCH_CONSOLE_PASSWORD });
    if (r.status !== 200) throw new Error(`sign-in of ${role} failed: ${r.status} ${r.body}`);
    tokens[role] = JSON.parse(r.body).data.token;
  }
  const out: string[] = [];
  const memory: { heap: number[]; rss: number[] } = { heap: [], rss: [] };
  const opened = await openStreams(consoles, tokens, opts.streams, true);
  memory.heap.push(opened.heapEach);
  memory.rss.push(opened.rssEach);
  const { streams } = opened;
  log(`${streams.length} streams open (${kb(opened.heapEach)} heap, ${kb(opened.rssEach)} RSS each); ${opts.writers} writers for ${opts.seconds} s…`);

  // Each writer edits a record of its own (no two writers meet on one), on the consoles in turn.
  const targets: { entity: string; api: string; rec: Record<string, unknown> }[] = [];
  for (const name of WRITTEN) {
    const def = getEntity(name);
    const page = await request(consoles[0], 'GET', `/api/${def.api}?limit=50`, tokens.superadmin);
    for (const row of JSON.parse(page.body).data as { id: number }[]) {
      const one = await request(consoles[0], 'GET', `/api/${def.api}/${row.id}`, tokens.superadmin);
      if (one.status === 200) targets.push({ entity: name, api: def.api, rec: JSON.parse(one.body).data });
    }
  }
  if (targets.length < opts.writers) throw new Error(`only ${targets.length} records to edit for ${opts.writers} writers`);
  const written: { entity: string; id: number; version: number; via: number }[] = [];
  let refused = 0;
  const deadline = Date.now() + opts.seconds * 1000;
  await Promise.all(Array.from({ length: opts.writers }, async (_, w) => {
    const { entity, api, rec } = targets[w];
    const def = getEntity(entity);
    const via = w % consoles.length;
    const to = consoles[via];
    let version = Number(rec.version);
    while (Date.now() < deadline) {
      const payload: Record<string, unknown> = { version };
      for (const [k, fd] of Object.entries(def.fields)) if (fd.kind !== 'computed' && !fd.writeOnly && rec[k] !== undefined) payload[k] = rec[k];
      const r = await request(to, 'PUT', `/api/${api}/${rec.id}`, tokens.superadmin, payload);
      if (r.status !== 200) { refused++; const again = await request(to, 'GET', `/api/${api}/${rec.id}`, tokens.superadmin); version = Number(JSON.parse(again.body).data.version); continue; }
      version = Number(JSON.parse(r.body).data.version);
      written.push({ entity, id: Number(rec.id), version, via });
    }
  }));
  await sleep(DRAIN_MS);

  // Every delivery; and on two processes apart, those within the writer's process and those across to the other one.
  const latencies: number[] = [];
  const apart = { within: [] as number[], across: [] as number[] };
  let expected = 0;
  let missed = 0;
  for (const s of streams) {
    for (const w of written) {
      if (!canReadRecord(s.role, w.entity)) continue;
      expected++;
      const ms = s.heard.get(`${w.entity}:${w.id}:${w.version}`);
      if (ms === undefined) { missed++; continue; }
      latencies.push(ms);
      apart[s.via === w.via ? 'within' : 'across'].push(ms);
    }
  }
  for (const s of streams) s.close();
  const spread = (xs: number[]) => {
    if (!xs.length) return 'n/a';
    xs.sort((a, b) => a - b);
    return `p50 ${percentile(xs, 0.5).toFixed(0)} ms, p95 ${percentile(xs, 0.95).toFixed(0)} ms, p99 ${percentile(xs, 0.99).toFixed(0)} ms, max ${xs[xs.length - 1].toFixed(0)} ms`;
  };
  const split = consoles.length > 1 ? ` (within the writer's process ${spread(apart.within)}; across processes ${spread(apart.across)})` : '';
  const line = `Fan-out, ${where}: ${streams.length} streams, ${opts.writers} writers ${opts.seconds} s: ${written.length} changes (${(written.length / opts.seconds).toFixed(0)}/s, ${refused} refused), ${expected} deliveries due, ${missed} missed; commit → stream ${spread(latencies)}${split}`;
  console.log(`\n${line}`);
  out.push(line);

  out.push(await deliveryCost(opts, consoles, tokens, targets, where, memory));
  if (opts.loadSeconds > 0) out.push(...(await compareLoad(opts, consoles, tokens, where, memory)));
  out.push(`Memory per open stream, ${where}: ${kb(median(memory.heap))} of heap (JavaScript and buffers), ${kb(median(memory.rss))} of RSS (median of ${memory.heap.length} openings of ${opts.streams}, each read after a full collection; heap ${memory.heap.map(kb).join(', ')})`);
  console.log(out[out.length - 1]);
  for (const c of consoles) c.agent.destroy();
  return out;
}

/** Writers, and writes in each stretch, of the delivery-cost comparison. */
const COST_WRITERS = 5;
const COST_WRITES = 150;

/** `count` edits by COST_WRITERS writers (each on a record of its own, on the consoles in turn); the entity of each that went through. */
async function edits(consoles: readonly Console[], token: string, targets: readonly { entity: string; api: string; rec: Record<string, unknown> }[], count: number) {
  let started = 0;
  const done: string[] = [];
  await Promise.all(Array.from({ length: COST_WRITERS }, async (_, w) => {
    const { entity, api, rec } = targets[w];
    const def = getEntity(entity);
    const to = consoles[w % consoles.length];
    while (started < count) {
      started++;
      const now = JSON.parse((await request(to, 'GET', `/api/${api}/${rec.id}`, token)).body).data as Record<string, unknown>;
      const payload: Record<string, unknown> = { version: now.version };
      for (const [k, fd] of Object.entries(def.fields)) if (fd.kind !== 'computed' && !fd.writeOnly && now[k] !== undefined) payload[k] = now[k];
      if ((await request(to, 'PUT', `/api/${api}/${rec.id}`, token, payload)).status === 200) done.push(entity);
    }
  }));
  return done;
}

/**
 * What telling a change to a stream costs the consoles, apart from the load mix's noise: the same edits with no stream
 * open and with the streams open, in stretches alternating A B B A; the difference in the consoles' CPU time per
 * edit, over the deliveries an edit makes. CPU time, not wall time: on a shared machine it moves least with the
 * other work (the edits themselves cost the same in both halves and cancel out).
 */
async function deliveryCost(opts: FanoutOptions, consoles: Console[], tokens: Record<Role, string>, targets: readonly { entity: string; api: string; rec: Record<string, unknown> }[], where: string, memory: { heap: number[]; rss: number[] }): Promise<string> {
  log(`Delivery cost on ${where}: ${COST_WRITES} edits a stretch, alternating no stream open / ${opts.streams} streams open…`);
  const cpu = { none: 0, open: 0 };
  const writes = { none: 0, open: 0 };
  let deliveries = 0;
  for (let i = 0; i < 4; i++) {
    const opened = i === 1 || i === 2 ? await openStreams(consoles, tokens, opts.streams) : null;
    if (!opened) await collectLikeOpening(consoles);
    if (opened) { memory.heap.push(opened.heapEach); memory.rss.push(opened.rssEach); }
    const before = consolesCpu(consoles);
    const done = await edits(consoles, tokens.superadmin, targets, COST_WRITES);
    // The last changes told (across processes too) before the reading, in both halves alike.
    await sleep(1000);
    const half = opened ? 'open' : 'none';
    cpu[half] += consolesCpu(consoles) - before;
    writes[half] += done.length;
    if (opened) {
      for (const entity of done) deliveries += opened.streams.filter((s) => canReadRecord(s.role, entity)).length;
      for (const s of opened.streams) s.close();
      await sleep(500);
    }
  }
  const none = (cpu.none * 1000) / writes.none;
  const open = (cpu.open * 1000) / writes.open;
  const perDelivery = ((open - none) * 1000) / (deliveries / writes.open);
  const line = `Delivery cost, ${where}: console CPU ${none.toFixed(2)} ms per edit with no stream open, ${open.toFixed(2)} ms with ${opts.streams} streams open (${(deliveries / writes.open).toFixed(0)} deliveries an edit; ${writes.none} + ${writes.open} edits): ${perDelivery.toFixed(1)} µs of CPU per delivery`;
  console.log(`\n${line}`);
  return line;
}

/**
 * The fifty-connection load mix (bench/load.ts) on the first console, in stretches with no stream open and with the
 * streams open, alternating (A B B A …) after the writers' burst, so that both halves meet the same data and the same
 * process: first as fast as the console answers (its capacity: the bench's 200 readers share the machine's cores with
 * it, so the streams' half loses some of it to them), then at a fixed rate, half the capacity measured without the
 * streams (what staff feel at a load the console can carry: its latency). Each opening of the streams adds a reading
 * to `memory`. Returns both halves side by side, with the ratio, for each.
 */
async function compareLoad(opts: FanoutOptions, consoles: Console[], tokens: Record<Role, string>, where: string, memory: { heap: number[]; rss: number[] }): Promise<string[]> {
  const mix = await prepareMix(consoles[0].port, 50);
  try {
    const stretch = opts.loadSeconds / (LOAD_STRETCHES / 2);
    log(`The load mix on ${where}: a warm-up, then ${LOAD_STRETCHES} stretches of ${stretch.toFixed(1)} s, alternating no stream open / ${opts.streams} streams open…`);
    await mix.run(5);
    const capacity = await alternate(opts, consoles, tokens, memory, () => mix.run(stretch));
    const out = loadTables(capacity, `${where}: 50 connections, as fast as answered`, opts);
    // Steps a second: an edit is two requests, the rest one.
    const steps = capacity.none.perSecond / (capacity.none.requests / capacity.none.steps) / 2;
    log(`The load mix on ${where} at a fixed ${steps.toFixed(0)} steps a second (half the capacity without streams), alternating again…`);
    const paced = await alternate(opts, consoles, tokens, memory, () => mix.run(stretch, steps));
    out.push(...loadTables(paced, `${where}: 50 connections at a fixed ${steps.toFixed(0)} steps/s (half the capacity above)`, opts));
    return out;
  } finally {
    mix.close();
  }
}

interface Halves {
  none: ReturnType<typeof mixFigures> & { steps: number }; open: ReturnType<typeof mixFigures> & { steps: number };
  cpu: Record<'none' | 'open', { console: number; bench: number }>; each: Record<'none' | 'open', number[]>; system: Record<'none' | 'open', number>;
  deliveries: number;
}

/** LOAD_STRETCHES stretches of `run`, alternating no stream open / the streams open, and each half's figures and CPU. */
async function alternate(opts: FanoutOptions, consoles: Console[], tokens: Record<Role, string>, memory: { heap: number[]; rss: number[] }, run: () => Promise<MixRun>): Promise<Halves> {
  const halves = { none: [] as MixRun[], open: [] as MixRun[] };
  const cpu = { none: { console: 0, bench: 0 }, open: { console: 0, bench: 0 } };
  let deliveries = 0;
  /** Each console's CPU seconds in each half (on PostgreSQL the second serves none of the mix: only its streams). */
  const each = { none: [] as number[], open: [] as number[] };
  /** The consoles' CPU seconds in the kernel, in each half. */
  const system = { none: 0, open: 0 };
  for (let i = 0; i < LOAD_STRETCHES; i++) {
    const withStreams = i % 4 === 1 || i % 4 === 2;
    const opened = withStreams ? await openStreams(consoles, tokens, opts.streams) : null;
    if (!opened) await collectLikeOpening(consoles);
    if (opened) { memory.heap.push(opened.heapEach); memory.rss.push(opened.rssEach); }
    const consoleBefore = consolesCpu(consoles);
    const eachBefore = consoles.map((c) => cpuSeconds(c.child.pid!));
    const systemBefore = consoles.reduce((t, c) => t + cpuTimes(c.child.pid!).system, 0);
    const benchBefore = process.cpuUsage();
    const stretch = await run();
    const bench = process.cpuUsage(benchBefore);
    const half = withStreams ? 'open' : 'none';
    cpu[half].console += consolesCpu(consoles) - consoleBefore;
    consoles.forEach((c, k) => { each[half][k] = (each[half][k] ?? 0) + cpuSeconds(c.child.pid!) - eachBefore[k]; });
    system[half] += consoles.reduce((t, c) => t + cpuTimes(c.child.pid!).system, 0) - systemBefore;
    cpu[half].bench += (bench.user + bench.system) / 1e6;
    halves[half].push(stretch);
    if (opened) {
      for (const s of opened.streams) { deliveries += s.events; s.close(); }
      await sleep(500);
    }
  }
  // A step is one request, or two for an edit (its read, then its write).
  const figures = (runs: MixRun[]) => ({ ...mixFigures(pooled(runs)), steps: runs.reduce((n, r) => n + r.samples.filter((x) => x.kind !== 'edit: write').length, 0) });
  return { none: figures(halves.none), open: figures(halves.open), cpu, each, system, deliveries };
}

/** The two halves side by side, with the ratio, and what the streams cost the consoles in the mix. */
function loadTables(h: Halves, what: string, opts: FanoutOptions): string[] {
  const { none, open, cpu, each, system, deliveries } = h;
  const cpuPerRequest = (half: 'none' | 'open', f: typeof none) => (cpu[half].console * 1000 / f.requests).toFixed(2);
  const benchPerRequest = (half: 'none' | 'open', f: typeof none) => (cpu[half].bench * 1000 / f.requests).toFixed(2);
  const row = (label: string, half: 'none' | 'open', f: typeof none) =>
    `| ${label} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(0)} | ${f.errors} | ${cpuPerRequest(half, f)} | ${cpu[half].bench.toFixed(1)} | ${benchPerRequest(half, f)} |`;
  const ratio = (a: number, b: number) => (b / a).toFixed(2);
  const table = [
    `Load with and without the streams, ${what}, ${opts.loadSeconds} s each half in ${LOAD_STRETCHES / 2} stretches, alternating`,
    '| | requests/s | p50 ms | p95 ms | p99 ms | max ms | errors | console CPU ms per request | bench CPU s | bench CPU ms per request |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row('no stream open', 'none', none),
    row(`${opts.streams} streams open`, 'open', open),
    `| open / none | ${ratio(none.perSecond, open.perSecond)} | ${ratio(none.p50, open.p50)} | ${ratio(none.p95, open.p95)} | ${ratio(none.p99, open.p99)} | | | ${ratio(Number(cpuPerRequest('none', none)), Number(cpuPerRequest('open', open)))} | | ${ratio(Number(benchPerRequest('none', none)), Number(benchPerRequest('open', open)))} |`,
  ].join('\n');
  // What the streams cost the consoles in the mix, over the events they were sent (the edits' deliveries).
  const perRequest = deliveries / open.requests;
  const costLine = `Streams in the mix, ${what}: ${perRequest.toFixed(1)} deliveries a request; console CPU ${(cpu.open.console * 1000 / open.requests - cpu.none.console * 1000 / none.requests).toFixed(2)} ms a request more with the streams open, ${((cpu.open.console / open.requests - cpu.none.console / none.requests) * 1e6 / perRequest).toFixed(1)} µs a delivery (of it in the kernel ${((system.open / open.requests - system.none / none.requests) * 1000).toFixed(2)} ms a request); bench CPU ${(cpu.open.bench * 1000 / open.requests - cpu.none.bench * 1000 / none.requests).toFixed(2)} ms a request more (its readers)${each.none.length > 1 ? `; by console, ms a request more: ${each.none.map((_, k) => ((each.open[k] / open.requests - each.none[k] / none.requests) * 1000).toFixed(2)).join(', ')}` : ''}`;
  console.log(`\n${table}\n${costLine}`);
  return [table, costLine];
}

/** Starts the consoles (one on the embedded database; two sharing `databaseUrl`'s PostgreSQL), measures, stops them. */
export async function runFanout(opts: FanoutOptions, databaseUrl = ''): Promise<string[]> {
  const count = databaseUrl ? 2 : 1;
  const where = databaseUrl ? 'PostgreSQL, two processes' : 'embedded database';
  const consoles: Console[] = [];
  try {
    // One after another: the first seeds the demo data when the database is empty, the second finds it seeded.
    for (let i = 0; i < count; i++) {
      const port = FIRST_PORT + 2 * i;
      log(`Starting console ${i + 1} of ${count} (${where}) on port ${port}…`);
      const child = await startConsole(port, databaseUrl, i ? `${benchLoadDir()}-${i + 1}` : undefined, { memoryProbe: true });
      consoles.push({ port, child, agent: new http.Agent({ keepAlive: true, maxSockets: opts.writers }) });
    }
    return await measure(opts, consoles, where);
  } finally {
    for (const c of consoles) { c.agent.destroy(); await stopConsole(c.child); }
  }
}

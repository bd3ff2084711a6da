import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { canReadRecord, getEntity, ROLES, type Role } from '../src/registry';
import { BENCH_CONSOLE_PASSWORD, benchLoadDir, startConsole, stopConsole } from './console-process';
import { requestOn, runLoad } from './load';
import type { FanoutOptions } from './options';
import { percentile } from './timing';

/**
 * `npm run bench -- --fanout`: the change stream under load. On the demo data, STREAMS open change streams (the five
 * roles in turn) and WRITERS staff editing master data (specialities, departments…) as fast as they can for `seconds`; each change
 * is timed from its commit (the event's `at`) to its arrival on every stream entitled to it. On PostgreSQL two console
 * processes share the database, the streams and writers split between them, so half the changes cross processes
 * through LISTEN/NOTIFY. The fifty-connection load mix (bench/load.ts) runs on the first process before the streams
 * open and again with them open, so the two compare like with like. Prints delivery p50/p95/p99/max, missed
 * deliveries, and the memory each open stream costs the process. It reports; nothing here is a test. Target: p99 ≤ 1 s.
 */
const log = (line: string) => process.stderr.write(`${line}\n`);
const FIRST_PORT = Number(process.env.BENCH_LOAD_PORT ?? 8733);
/** The entities written: master data, told to each stream by role alone (none is scoped by centre). */
const WRITTEN = ['speciality', 'department', 'languages', 'features', 'experience', 'registerCouncil'] as const;
/** After the writers stop, how long the streams get to receive the last changes before missing ones are counted. */
const DRAIN_MS = 3000;

interface Agentful { agent: http.Agent; port: number }

const request = (to: Agentful, method: string, path: string, token?: string, body?: unknown) => requestOn(to.agent, to.port, method, path, token, body);

/** One open change stream: every change it is told of, with the milliseconds from its commit to its arrival. */
class Stream {
  readonly heard = new Map<string, number>();
  private req: http.ClientRequest | null = null;

  constructor(readonly role: Role) {}

  open(port: number, token: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.req = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
        if (res.statusCode !== 200) { reject(new Error(`stream: ${res.statusCode}`)); return; }
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

/** The resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** The fan-out run on the consoles at `ports` (started by the caller); returns its summary lines. */
async function measure(opts: FanoutOptions, ports: number[], pids: number[], where: string): Promise<string[]> {
  const consoles = ports.map((port) => ({ port, agent: new http.Agent({ keepAlive: true, maxSockets: opts.writers }) }));
  const tokens = {} as Record<Role, string>;
  for (const role of ROLES) {
    const r = await request(consoles[0], 'POST', '/api/adminUser/login', undefined, { email: `${role}@demo.test`, password: BENCH_CONSOLE_PASSWORD });
    if (r.status !== 200) throw new Error(`sign-in of ${role} failed: ${r.status} ${r.body}`);
    tokens[role] = JSON.parse(r.body).data.token;
  }
  const out: string[] = [];
  const loadMix = (label: string) => runLoad({ seconds: opts.loadSeconds, connections: 50, databases: ['embedded'], external: true }, '', { port: ports[0], where: `${where}, ${label}` });
  // The same process, the same data, without and then with the streams open: the two load lines compare like with like.
  if (opts.loadSeconds > 0) {
    log(`The load mix on ${where} with no stream open…`);
    out.push(...(await loadMix('no stream open')));
  }
  const before = pids.reduce((s, pid) => s + rss(pid), 0);
  const streams = Array.from({ length: opts.streams }, (_, i) => new Stream(ROLES[i % ROLES.length]));
  await Promise.all(streams.map((s, i) => s.open(consoles[i % consoles.length].port, tokens[s.role])));
  await new Promise((r) => setTimeout(r, 1000));
  const perStream = (pids.reduce((s, pid) => s + rss(pid), 0) - before) / streams.length;
  log(`${streams.length} streams open (${(perStream / 1024).toFixed(1)} KB each); ${opts.writers} writers for ${opts.seconds} s…`);

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
  const written: { entity: string; id: number; version: number }[] = [];
  let refused = 0;
  const deadline = Date.now() + opts.seconds * 1000;
  await Promise.all(Array.from({ length: opts.writers }, async (_, w) => {
    const { entity, api, rec } = targets[w];
    const def = getEntity(entity);
    const to = consoles[w % consoles.length];
    let version = Number(rec.version);
    while (Date.now() < deadline) {
      const payload: Record<string, unknown> = { version };
      for (const [k, fd] of Object.entries(def.fields)) if (fd.kind !== 'computed' && !fd.writeOnly && rec[k] !== undefined) payload[k] = rec[k];
      const r = await request(to, 'PUT', `/api/${api}/${rec.id}`, tokens.superadmin, payload);
      if (r.status !== 200) { refused++; const again = await request(to, 'GET', `/api/${api}/${rec.id}`, tokens.superadmin); version = Number(JSON.parse(again.body).data.version); continue; }
      version = Number(JSON.parse(r.body).data.version);
      written.push({ entity, id: Number(rec.id), version });
    }
  }));
  await new Promise((r) => setTimeout(r, DRAIN_MS));

  const latencies: number[] = [];
  let expected = 0;
  let missed = 0;
  for (const s of streams) {
    for (const w of written) {
      if (!canReadRecord(s.role, w.entity)) continue;
      expected++;
      const ms = s.heard.get(`${w.entity}:${w.id}:${w.version}`);
      if (ms === undefined) missed++;
      else latencies.push(ms);
    }
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => (latencies.length ? percentile(latencies, q).toFixed(0) : 'n/a');
  const line = `Fan-out, ${where}: ${streams.length} streams, ${opts.writers} writers ${opts.seconds} s: ${written.length} changes (${(written.length / opts.seconds).toFixed(0)}/s, ${refused} refused), ${expected} deliveries due, ${missed} missed; commit → stream p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${latencies.length ? latencies[latencies.length - 1].toFixed(0) : 'n/a'} ms; ${(perStream / 1024).toFixed(1)} KB per open stream`;
  console.log(`\n${line}`);
  out.push(line);
  if (opts.loadSeconds > 0) {
    log(`The load mix on ${where} with the ${streams.length} streams open…`);
    out.push(...(await loadMix(`${streams.length} streams open`)));
  }
  for (const s of streams) s.close();
  for (const c of consoles) c.agent.destroy();
  return out;
}

/** Starts the consoles (one on the embedded database; two sharing `databaseUrl`'s PostgreSQL), measures, stops them. */
export async function runFanout(opts: FanoutOptions, databaseUrl = ''): Promise<string[]> {
  const count = databaseUrl ? 2 : 1;
  const where = databaseUrl ? 'PostgreSQL, two processes' : 'embedded database';
  const servers: ChildProcess[] = [];
  try {
    // One after another: the first seeds the demo data when the database is empty, the second finds it seeded.
    for (let i = 0; i < count; i++) {
      log(`Starting console ${i + 1} of ${count} (${where}) on port ${FIRST_PORT + 2 * i}…`);
      servers.push(await startConsole(FIRST_PORT + 2 * i, databaseUrl, i ? `${benchLoadDir()}-${i + 1}` : undefined));
    }
    return await measure(opts, servers.map((_, i) => FIRST_PORT + 2 * i), servers.map((s) => s.pid!), where);
  } finally {
    for (const s of servers) await stopConsole(s);
  }
}

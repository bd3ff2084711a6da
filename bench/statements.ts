import fs, { existsSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * The statements one request of each kind of the load mix (bench/load.ts) sends to the embedded database, of this tree
 * or of another checkout: `npx tsx bench/statements.ts DATA_DIR [TREE]` opens the demo data folder DATA_DIR (a copy:
 * a tree's migrations bring it forward) with TREE's server (default this tree; bench/compare.ts's worktree of a ref,
 * for instance), signs in as the superadmin, runs each kind RUNS times (default 5, after one untimed call) and prints
 * its statements: how many a request, their time, and (SQL=1) their text. PGlite runs one statement at a time, so
 * on one connection every statement a request adds is paid by every request queued behind it: issue 35 §1 found the
 * embedded console carrying 0.44× the requests of 09f9ab8, and this says which kinds send more than they did.
 *
 * Only the requests' own statements: the console's timers (the audit sealer, the scheduler) are not started here.
 */
interface Traced { sql: string; ms: number }
let recording: Traced[] | null = null;
let depth = 0;
/** fstat(2) calls while recording: PGlite's file system asks one for each seek to a file's end (db/file-sizes.ts). */
let fstats = 0;
const fstatSync = fs.fstatSync;
fs.fstatSync = ((...args: Parameters<typeof fstatSync>) => { if (recording) fstats++; return fstatSync(...args); }) as typeof fstatSync;
syncBuiltinESMExports();

/** Times `method` of `proto` into the recording; a call inside another recorded call counts once. */
function record(proto: Record<string, unknown>, method: string) {
  const original = proto[method] as (this: unknown, ...args: unknown[]) => Promise<unknown>;
  proto[method] = async function (this: unknown, ...args: unknown[]) {
    if (!recording || depth > 0) return original.apply(this, args);
    const started = performance.now();
    depth++;
    try {
      return await original.apply(this, args);
    } finally {
      depth--;
      recording?.push({ sql: String(args[0]), ms: performance.now() - started });
    }
  };
}

async function main() {
  const [dir, tree = '.'] = process.argv.slice(2);
  if (!dir) throw new Error('usage: npx tsx bench/statements.ts DATA_DIR [TREE]');
  const root = path.resolve(tree);
  const from = (file: string) => import(path.join(root, file));
  const { createApp } = await from('src/server/app.ts');
  const { boot } = await from('src/server/boot.ts');
  const { readConfig } = await from(existsSync(path.join(root, 'src/server/config/index.ts')) ? 'src/server/config/index.ts' : 'src/server/config.ts');
  const { PGlitePrepared } = await from('src/server/db/pglite-prepared.ts');
  const { getEntity } = await from('src/registry/index.ts');
  record(PGlitePrepared.prototype, 'query');
  record(PGlite.prototype as unknown as Record<string, unknown>, 'query');
  record(PGlite.prototype as unknown as Record<string, unknown>, 'exec');

  const password = process.env.DEMO_PASSWORD ?? 'bench-load-password';
  const config = readConfig({ DATA_DIR: path.resolve(dir), DEMO_PASSWORD: password, DEMO_DATA: '1', PGLITE_FSYNC: process.env.PGLITE_FSYNC ?? '1' });
  const database = await boot(config);
  try {
    const app = createApp({ db: database.db, config, database, lifecycle: { stopping: false } });
    const call = async (method: string, url: string, token?: string, body?: unknown) => {
      const res = await app.request(url, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { data?: unknown } };
    };
    const signed = await call('POST', '/api/adminUser/login', undefined, { email: 'superadmin@demo.test', password });
    const token = (signed.body.data as { token: string }).token;
    const firstId = async (api: string) => ((await call('GET', `/api/${api}?limit=1`, token)).body.data as { id: number }[])[0].id;
    const patient = await firstId('patients');
    const speciality = await firstId('specialist');
    const edit = async () => {
      const read = await call('GET', `/api/specialist/${speciality}`, token);
      const rec = read.body.data as Record<string, unknown>;
      // As the mix writes it back: every field it may send, as read.
      const payload: Record<string, unknown> = { version: rec.version };
      for (const [k, fd] of Object.entries(getEntity('speciality').fields as Record<string, { kind: string; writeOnly?: boolean }>)) if (fd.kind !== 'computed' && !fd.writeOnly) payload[k] = rec[k];
      return call('PUT', `/api/specialist/${speciality}`, token, payload);
    };
    const kinds: [string, () => Promise<{ status: number }>][] = [
      ['list page, patient data (patients)', () => call('GET', '/api/patients?limit=50', token)],
      ['list page, no patient data (specialist)', () => call('GET', '/api/specialist?limit=50', token)],
      ['details, patient data (patients/id)', () => call('GET', `/api/patients/${patient}`, token)],
      ['details, no patient data (specialist/id)', () => call('GET', `/api/specialist/${speciality}`, token)],
      ['list search (patients?q=an)', () => call('GET', '/api/patients?limit=50&q=an', token)],
      ['palette search (q=an)', () => call('GET', '/api/search?q=an', token)],
      ['palette search: surname (q=sharma)', () => call('GET', '/api/search?q=sharma', token)],
      ['edit: write (specialist)', edit],
    ];
    const runs = Number(process.env.RUNS ?? 5);
    console.log(`Statements a request, ${root} on ${path.resolve(dir)} (${runs} requests each, after one untimed):`);
    console.log('| request | status | statements | their ms (median request) | fstat calls |\n|---|---|---|---|---|');
    for (const [name, run] of kinds) {
      await run();
      const seen: { n: number; ms: number; sql: Traced[]; status: number; fstats: number }[] = [];
      for (let i = 0; i < runs; i++) {
        const statements: Traced[] = [];
        fstats = 0;
        recording = statements;
        const { status } = await run();
        recording = null;
        seen.push({ n: statements.length, ms: statements.reduce((s, x) => s + x.ms, 0), sql: statements, status, fstats });
      }
      seen.sort((a, b) => a.ms - b.ms);
      const mid = seen[Math.floor(seen.length / 2)];
      // An edit is a read and a write: both counted, as the mix sends both.
      console.log(`| ${name} | ${mid.status} | ${mid.n} | ${mid.ms.toFixed(1)} | ${mid.fstats} |`);
      if (process.env.SQL === '1') for (const s of mid.sql) console.log(`    ${s.ms.toFixed(2).padStart(7)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

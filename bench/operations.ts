import { sql } from 'kysely';
import { columnName, filterKeys, getEntity, referrersOf, rolesFor, sortKeys, titleOf, type EntityDef } from '../src/registry';
import { selectList, toRecord } from '../src/server/records/columns';
import type { DB } from '../src/server/db/connection';
import { ident } from '../src/server/db/entity-table';
import { careOperations } from './care-operations';
import type { Client, Reply } from './client';
import { CARE } from './plan';
import { SEARCH_TARGET_P95_MS } from './report';

/**
 * One timed call; `path` may vary by run (another id, another term) so that no run is a repeat of the last.
 * A GET unless `call` is given (a write, on a fresh record each time); `path` then only names it. `target`: a p95
 * in ms other than the report's usual one.
 */
export interface Operation { name: string; path: (run: number) => string; call?: (client: Client, run: number) => Promise<Reply>; target?: number }

const LIMIT = 50;
const DEEP_PAGES = 10;
const SAMPLE = 40;

/** A small fixed-seed generator: the same ids and terms on every run of the bench. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cycle = <T>(list: T[]) => (run: number) => list[run % list.length];
const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

interface Sample { def: EntityDef; minId: number; maxId: number; rows: Record<string, unknown>[] }

async function sampleOf(db: DB, def: EntityDef, rnd: () => number): Promise<Sample> {
  const t = sql.raw(ident(def.table));
  const range = (await sql<{ lo: number; hi: number }>`select min(id) as lo, max(id) as hi from ${t}`.execute(db)).rows[0];
  const minId = Number(range.lo), maxId = Number(range.hi);
  const ids = Array.from({ length: SAMPLE }, () => minId + Math.floor(rnd() * (maxId - minId + 1)));
  const rows = (await sql<Record<string, unknown>>`select ${selectList(def)} from ${t} t where t.id = any(${ids}::int[])`.execute(db)).rows.map((r) => toRecord(def, r));
  return { def, minId, maxId, rows };
}

/** Words of records' titles, cut to what someone has typed so far. */
function typedParts(s: Sample, length: number): string[] {
  const words = s.rows.flatMap((r) => titleOf(s.def, r).split(/\s+/)).filter((w) => w.length >= length);
  return [...new Set(words.map((w) => w.slice(0, length).toLowerCase()))];
}

/** The cursor of page `DEEP_PAGES + 1`, by following nextCursor as the list screen does while scrolling. */
async function deepCursor(client: Client, def: EntityDef, sort: string): Promise<string | null> {
  let cursor: string | null = null;
  for (let page = 0; page < DEEP_PAGES; page++) {
    const reply = await client.get(`/api/${def.api}?${qs({ sort, limit: LIMIT, ...(cursor ? { cursor } : {}) })}`);
    if (reply.status !== 200) throw new Error(`${def.name} ${sort} page ${page + 1}: ${reply.status} ${JSON.stringify(reply.body.errors)}`);
    cursor = reply.body.nextCursor ?? null;
    if (!cursor) return null;
  }
  return cursor;
}

async function entityOperations(db: DB, client: Client, s: Sample, rnd: () => number): Promise<Operation[]> {
  const { def } = s;
  const base = `/api/${def.api}`;
  const ops: Operation[] = [];
  const name = (what: string) => `${def.name} ${what}`;

  for (const key of sortKeys(def)) {
    for (const dir of ['asc', 'desc']) ops.push({ name: name(`first page sort=${key}:${dir}`), path: () => `${base}?${qs({ sort: `${key}:${dir}`, limit: LIMIT })}` });
  }

  // Deep pages: the default order, and a sort key that may be empty (its keyset has two branches).
  const nullable = sortKeys(def).find((k) => def.fields[k] && !def.fields[k].required);
  const deepSorts = [`${def.defaultSort.field}:${def.defaultSort.dir}`, ...(nullable ? [`${nullable}:asc`, `${nullable}:desc`] : [])];
  for (const sort of deepSorts) {
    const cursor = await deepCursor(client, def, sort);
    if (cursor) ops.push({ name: name(`page ${DEEP_PAGES + 1} sort=${sort}`), path: () => `${base}?${qs({ sort, limit: LIMIT, cursor })}` });
  }

  const keys = filterKeys(def);
  const t = sql.raw(ident(def.table));
  const enumKey = keys.find((k) => def.fields[k].kind === 'enum');
  if (enumKey) {
    // The rarest value that occurs: the harder case for the planner (few rows, sorted by another column).
    const c = sql.raw(ident(columnName(enumKey, def.fields[enumKey])));
    const rare = (await sql<{ v: string }>`select ${c} as v from ${t} where ${c} is not null group by ${c} order by count(*) asc limit 1`.execute(db)).rows[0];
    if (rare) ops.push({ name: name(`filter ${enumKey}=${rare.v}`), path: () => `${base}?${qs({ [`filter[${enumKey}]`]: rare.v, limit: LIMIT })}` });
  }
  const refKey = keys.find((k) => def.fields[k].kind === 'ref');
  if (refKey) {
    const values = s.rows.map((r) => r[refKey]).filter((v) => v !== null && v !== undefined).map(String);
    if (values.length) ops.push({ name: name(`filter ${refKey}=<${def.fields[refKey].ref} id>`), path: (run) => `${base}?${qs({ [`filter[${refKey}]`]: cycle(values)(run), limit: LIMIT })}` });
  }

  // The list's search box: what has been typed after two, three and four letters (issue 8: p95 under 20 ms).
  for (const n of [2, 3, 4]) {
    const parts = typedParts(s, n);
    if (parts.length) ops.push({ name: name(`q=<${n} letters of a title, e.g. "${parts[0]}">`), path: (run) => `${base}?${qs({ q: cycle(parts)(run), limit: LIMIT })}`, target: SEARCH_TARGET_P95_MS });
  }
  // A reference picker (a form field that refers to this entity) searching as the user types.
  const four = typedParts(s, 4);
  if (referrersOf(def.name).length && four.length) {
    ops.push({ name: name(`options q=<4 letters, e.g. "${four[0]}">`), path: (run) => `${base}/options?${qs({ q: cycle(four)(run) })}` });
  }

  const randomId = () => s.minId + Math.floor(rnd() * (s.maxId - s.minId + 1));
  ops.push({ name: name('details by random id'), path: () => `${base}/${randomId()}` });
  if (rolesFor(def.name, 'timeline')) ops.push({ name: name('timeline of a random record'), path: () => `${base}/${randomId()}/timeline` });
  return ops;
}

/**
 * Cross-entity searches as the palette sends them: part of a name, two letters, a phone prefix, a record's number whole
 * and typed from its start, a miss.
 */
function searchOperations(samples: Sample[]): Operation[] {
  const ops: Operation[] = [];
  const search = (term: (run: number) => string) => (run: number) => `/api/search?${qs({ q: term(run) })}`;
  const target = SEARCH_TARGET_P95_MS;
  const named = samples.find((s) => s.def.titleFields.every((k) => s.def.fields[k].kind === 'text'));
  if (named) {
    const five = typedParts(named, 5);
    if (five.length) ops.push({ name: `search part of a name, e.g. "${five[0]}"`, path: search(cycle(five)), target });
    const two = typedParts(named, 2);
    if (two.length) ops.push({ name: `search 2 letters, e.g. "${two[0]}"`, path: search(cycle(two)), target });
  }
  for (const s of samples) {
    const phone = Object.entries(s.def.fields).find(([, fd]) => fd.kind === 'phone' && fd.searchable)?.[0];
    if (!phone) continue;
    const prefixes = s.rows.map((r) => String(r[phone] ?? '').replace(/^\+\d{1,3}\s*/, '').slice(0, 5)).filter((p) => p.length === 5);
    if (prefixes.length) { ops.push({ name: `search phone prefix, e.g. "${prefixes[0]}"`, path: search(cycle(prefixes)), target }); break; }
  }
  for (const s of samples) {
    const code = Object.entries(s.def.fields).find(([, fd]) => fd.kind === 'code' && fd.unique && fd.searchable)?.[0];
    if (!code) continue;
    const values = s.rows.map((r) => String(r[code] ?? '')).filter(Boolean);
    if (!values.length) continue;
    ops.push({ name: `search ${s.def.name} ${code}, e.g. "${values[0]}"`, path: search(cycle(values)), target });
    // The same numbers as typed from their start, one key after another: every length from 3 letters to 2 short.
    const typing = values.flatMap((v) => Array.from({ length: Math.max(v.length - 4, 0) }, (_, i) => v.slice(0, i + 3)));
    if (typing.length) ops.push({ name: `search ${s.def.name} ${code} typed from its start, e.g. "${typing[7] ?? typing[0]}"`, path: search(cycle(typing)), target });
    break;
  }
  ops.push({ name: 'search with no match "xqzjv"', path: search(() => 'xqzjv'), target });
  return ops;
}

/** How much of a record's number a picker gets typed: its letters and dash, then the year, then four digits more. */
const NUMBER_PREFIXES = [4, 9, 13];

/**
 * The pickers of appointments, payments and invoices searched by number as it is typed from its start (`apt-`,
 * `apt-2025-`, `apt-2025-0001`): every record's number starts alike, so a prefix matches a share of the whole table.
 */
async function numberPickerOperations(db: DB, counts: Record<string, number>): Promise<Operation[]> {
  const ops: Operation[] = [];
  for (const name of ['appointments', 'payment', 'invoices']) {
    if (!counts[name]) continue;
    const def = getEntity(name);
    const numbers = (await sql<{ n: string }>`select ${sql.raw(ident(columnName('number', def.fields.number)))} as n from ${sql.raw(ident(def.table))} where id % 97 = 0 limit 40`.execute(db)).rows.map((r) => r.n.toLowerCase());
    if (!numbers.length) continue;
    for (const length of NUMBER_PREFIXES) {
      const typed = [...new Set(numbers.map((n) => n.slice(0, length)))];
      ops.push({ name: `${name} options q=<number's first ${length} characters, e.g. "${typed[0]}">`, path: (run) => `/api/${def.api}/options?${qs({ q: cycle(typed)(run) })}` });
    }
  }
  return ops;
}

/**
 * Patients, doctors, appointments, payments and the three largest other entities: every sort key both ways, deep
 * pages, filters, q, details; then search and home, then the calls of care and money (care-operations.ts).
 */
export async function buildOperations(db: DB, client: Client, counts: Record<string, number>): Promise<Operation[]> {
  const rnd = random(42);
  const people = ['patients', 'doctor', 'appointments', 'payment'].filter((n) => counts[n]);
  const others = Object.entries(counts).filter(([n]) => !people.includes(n) && CARE[n] === undefined).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n]) => n);
  const samples: Sample[] = [];
  const ops: Operation[] = [];
  for (const n of [...people, ...others]) {
    const s = await sampleOf(db, getEntity(n), rnd);
    samples.push(s);
    ops.push(...(await entityOperations(db, client, s, rnd)));
  }
  ops.push(...searchOperations(samples));
  ops.push(...(await numberPickerOperations(db, counts)));
  ops.push({ name: 'home figures', path: () => '/api/home' });
  ops.push(...(await careOperations(db, client, counts)));
  return ops;
}

import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { canReadRecord, columnName, entityByName, getEntity, isCentreScoped, MAX_ID, screenById, titleOf, type EntityDef, type RefTitles, type Role } from '../../registry';
import { guard } from '../crud/routes';
import type { DB } from '../db/connection';
import { ident } from '../db/entity-table';
import { selectList } from '../records/columns';
import { fail, fieldErrors, type Ctx } from '../http';

/**
 * What the bespoke screens' calls (fmc-screens.ts, worklists.ts) share: their query strings parsed by a schema
 * (an unknown, repeated or malformed parameter is a 400, never a 500), the caller's centres, the days of the
 * caller's time zone as timestamps, and keyset cursors.
 */

/** The screen's policy row guards its call: the same row that gives its route, command and sidebar entry. */
export function guardScreen(c: Ctx, id: string) {
  const screen = screenById(id);
  if (!screen) throw new Error(`no screen ${id}`);
  guard(c, screen.resource, screen.action);
}

/** A column of `def` under `alias`, named by the registry (identifiers in SQL come only from it). */
export function column(def: EntityDef | string, field: string, alias = 't'): RawBuilder<unknown> {
  const d = typeof def === 'string' ? getEntity(def) : def;
  if (field === 'id') return sql.raw(`${alias}.id`);
  if (!/^[a-z]$/.test(alias) || !d.fields[field]) throw new Error(`unknown column ${d.name}.${field}`);
  return sql.raw(`${alias}.${ident(columnName(field, d.fields[field]))}`);
}

export const table = (def: EntityDef | string) => sql.raw(ident((typeof def === 'string' ? getEntity(def) : def).table));

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A record id in a query string: digits only, 1 … 2^31-1. */
export const idParam = z.string().regex(/^\d{1,10}$/, 'Give a record number').transform(Number)
  .refine((n) => n >= 1 && n <= MAX_ID, 'Give a record number');

/** A calendar day, YYYY-MM-DD, that exists. */
export const dayParam = z.string().regex(DATE, 'Give a date as YYYY-MM-DD')
  .refine((s) => { const d = new Date(`${s}T00:00:00Z`); return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s); }, 'Give a date as YYYY-MM-DD');

/** Search text: at most 100 characters, blank means none. */
export const textParam = z.string().max(100, 'Search for at most 100 characters').transform((s) => s.trim() || undefined);

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The caller's time zone (IANA name, the browser's): "today" and a date range's days are the caller's days,
 * not the server's. Default UTC.
 */
export const tzParam = z.string().max(64).regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Give a time zone such as Asia/Kolkata')
  .refine(isTimeZone, 'Give a time zone such as Asia/Kolkata').default('UTC');

/**
 * The query string through `schema`: each parameter at most once, none the schema does not name (strict), every
 * value checked. Failures are 400 with one item per parameter.
 */
export function parseQuery<T extends z.ZodType>(c: Ctx, schema: T): z.infer<T> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URL(c.req.url).searchParams) {
    if (k in params) throw fail(400, `Give ${k} once`, { field: k, code: 'invalid' });
    params[k] = v;
  }
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw fieldErrors(parsed.error.issues);
  return parsed.data;
}

/** The start of a day of time zone `tz` as a timestamp, for an index range on a timestamptz column. */
export const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;

/** The day after `day` (YYYY-MM-DD), and `n` days before it. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Today in the caller's time zone. */
export async function todayIn(c: Ctx, tz: string): Promise<string> {
  const res = await sql<{ today: string }>`select (now() at time zone ${tz})::date::text as today`.execute(c.get('db'));
  return res.rows[0].today;
}

/**
 * The centres whose rows the caller sees: their own (admin-user `centres`) for fmc staff and doctors, every
 * centre (null) for the others. `asked` narrows to one centre: another centre than theirs is a centre that does
 * not exist for them (404, as docs/decisions.md#scope-by-centre says of another centre's records).
 */
export async function centresOf(c: Ctx, asked?: number): Promise<number[] | null> {
  const user = c.get('user');
  const notFound = () => fail(404, 'This centre does not exist', { field: 'fmc', code: 'not_found' });
  if (isCentreScoped(user.role)) {
    if (asked === undefined) return [...(user.centres ?? [])];
    if (!(user.centres ?? []).includes(asked)) throw notFound();
    return [asked];
  }
  if (asked === undefined) return null;
  const exists = await sql`select 1 from ${table('fmc')} where id = ${asked}`.execute(c.get('db'));
  if (!exists.rows.length) throw notFound();
  return [asked];
}

/** `alias.fmc = any(centres)` for a list of centres; nothing for every centre. */
export function inCentres(def: EntityDef | string, centres: number[] | null, alias = 't'): RawBuilder<unknown>[] {
  if (centres === null) return [];
  return [sql`${column(def, 'fmc', alias)} = any(${centres}::int[])`];
}

/**
 * A keyset cursor: the JSON array `[value, id]` of the last row of a page (the list API's form). `value` must
 * be a timestamp (ISO) when `kind` is 'time', else absent ([id]).
 */
export function parseCursor(raw: string | undefined, kind: 'time' | 'id'): { at?: string; id: number } | undefined {
  if (raw === undefined || raw === '') return undefined;
  const bad = () => fail(400, 'This cursor is not one the server gave', { field: 'cursor', code: 'invalid_cursor' });
  let v: unknown;
  try { v = JSON.parse(raw); } catch { throw bad(); }
  if (!Array.isArray(v)) throw bad();
  const id = v[v.length - 1];
  if (!Number.isInteger(id) || id < 0 || id > Number.MAX_SAFE_INTEGER) throw bad();
  if (kind === 'id') {
    if (v.length !== 1) throw bad();
    return { id };
  }
  const at = v[0];
  if (v.length !== 2 || typeof at !== 'string' || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) || Number.isNaN(Date.parse(at))) throw bad();
  return { at, id };
}

/** A page of `size` from `size + 1` rows read: the rows, and whether there are more. */
export function pageOf<T>(rows: T[], size: number): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** The titles of some records of one entity, in one query (never one per row); ids that do not exist are left out. */
export async function titlesOf(db: DB, def: EntityDef | string, ids: Iterable<number>): Promise<Map<number, string>> {
  const d = typeof def === 'string' ? getEntity(def) : def;
  const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id >= 1 && id <= MAX_ID);
  const out = new Map<number, string>();
  if (!wanted.length) return out;
  const res = await sql<Record<string, unknown>>`select ${selectList(d)} from ${table(d)} t where t.id = any(${wanted}::int[])`.execute(db);
  for (const row of res.rows) out.set(Number(row.id), titleOf(d, row) || `#${row.id}`);
  return out;
}

/**
 * The titles of the records the entries' changes refer to (a doctor's centre, a ticket's assignee), by entity and id, so
 * that an entry reads "Andheri West Clinic → Bandra Clinic", not "#3 → #7": one query per entity referred to a page.
 */
export async function refTitles(db: DB, role: Role, page: readonly { entity: string; changes?: Record<string, unknown> | null }[]): Promise<RefTitles> {
  const wanted = new Map<string, Set<number>>();
  const add = (target: string | undefined, v: unknown) => {
    // Only titles the caller may read elsewhere: a patient's name is not told to a role that may not read patients.
    if (!target || !canReadRecord(role, target) || typeof v !== 'number' || !Number.isInteger(v)) return;
    if (!wanted.has(target)) wanted.set(target, new Set());
    wanted.get(target)!.add(v);
  };
  for (const r of page) {
    const def = entityByName(r.entity);
    if (!def || !r.changes) continue;
    for (const [field, v] of Object.entries(r.changes)) {
      const fd = def.fields[field];
      if (fd?.kind !== 'ref' && fd?.kind !== 'refs') continue;
      const values = v && typeof v === 'object' && !Array.isArray(v) ? [(v as Record<string, unknown>).from, (v as Record<string, unknown>).to] : [v];
      for (const x of values.flatMap((x) => (Array.isArray(x) ? x : [x]))) add(fd.ref, x);
    }
  }
  const out: RefTitles = {};
  for (const [target, ids] of wanted) {
    const def = entityByName(target);
    if (def) out[target] = Object.fromEntries(await titlesOf(db, def, [...ids]));
  }
  return out;
}

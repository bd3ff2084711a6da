import { z } from 'zod';
import { filterKeys, sortKeys, type EntityDef, type SortDir } from '../entity';
import { MAX_ID, shownKind } from '../fields';
import type { ListView } from '../workflow';
import { isTimeZone } from '../days';
import { isListWord, readListWord, wordsFor } from './list-words';

/** The list query of docs/decisions.md#list-state-lives-in-the-address (q, sort=field:dir, filter[field]=value, limit, cursor), parsed the same on both sides. */
export interface ListQuery {
  q?: string;
  sort: { field: string; dir: SortDir };
  filters: Record<string, string>;
  limit: number;
  /** Keyset position: the last row's sort value and id. */
  cursor?: [unknown, number];
  /** Where the reader's days begin (IANA): what the words of its filters (`@today`, list-words.ts) are counted in. */
  tz?: string;
}

export const MAX_LIMIT = 200;
export const DEFAULT_LIMIT = 50;

export type QueryIssue = { field: string; message: string };

/** The type a cursor's sort value must have: what the sort column holds (a wrong type would reach SQL as a cast error). */
function cursorValue(def: EntityDef, field: string): z.ZodType {
  const fd = def.fields[field];
  const kind = fd ? shownKind(fd) : 'datetime'; // createdAt, updatedAt
  switch (kind) {
    case 'int': case 'ref': return z.number().int().min(-MAX_ID).max(MAX_ID);
    case 'decimal': case 'money': return z.number().finite();
    case 'bool': return z.boolean();
    case 'date': return z.iso.date();
    case 'datetime': return z.iso.datetime({ offset: true });
    case 'time': return z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/);
    default: return z.string().max(1000);
  }
}

export function parseListQuery(def: EntityDef, params: URLSearchParams): { query: ListQuery } | { issues: QueryIssue[] } {
  const issues: QueryIssue[] = [];
  const q = params.get('q')?.trim() || undefined;
  if (q && q.length > 200) issues.push({ field: 'q', message: 'Search text is too long' });

  let sort = def.defaultSort;
  const rawSort = params.get('sort');
  if (rawSort) {
    const [field, dir = 'asc'] = rawSort.split(':');
    if (!sortKeys(def).includes(field) || (dir !== 'asc' && dir !== 'desc')) issues.push({ field: 'sort', message: `Cannot sort by ${rawSort}` });
    else sort = { field, dir };
  }

  const filters: Record<string, string> = {};
  // `filter[id]`: the list narrowed to one record, where a found record of an entity without a page of its own opens.
  const allowed = [...filterKeys(def), 'id'];
  for (const [key, value] of params) {
    const m = /^filter\[(.+)\]$/.exec(key);
    if (!m) {
      if (!['q', 'sort', 'limit', 'cursor', 'tz'].includes(key)) issues.push({ field: key, message: `Unknown parameter ${key}` });
      continue;
    }
    if (!allowed.includes(m[1])) issues.push({ field: key, message: `Cannot filter by ${m[1]}` });
    else if (isListWord(value) && !readListWord(def, m[1], value)) {
      const words = wordsFor(def, m[1]);
      issues.push({ field: key, message: words.length ? `Filter ${m[1]} takes ${words.join(', ')} or a value, not ${value}` : `Filter ${m[1]} takes no word such as ${value}` });
    } else filters[m[1]] = value;
  }

  const limitParse = z.coerce.number().int().min(1).max(MAX_LIMIT).safeParse(params.get('limit') ?? DEFAULT_LIMIT);
  if (!limitParse.success) issues.push({ field: 'limit', message: `Limit must be 1 to ${MAX_LIMIT}` });

  let cursor: [unknown, number] | undefined;
  const rawCursor = params.get('cursor');
  if (rawCursor) {
    try {
      cursor = z.tuple([cursorValue(def, sort.field).nullable(), z.number().int().min(0).max(MAX_ID)]).parse(JSON.parse(rawCursor));
    } catch {
      issues.push({ field: 'cursor', message: 'Invalid cursor' });
    }
  }
  const tz = params.get('tz') ?? undefined;
  if (tz !== undefined && !isTimeZone(tz)) issues.push({ field: 'tz', message: 'tz must be a time zone such as Asia/Kolkata' });
  if (issues.length) return { issues };
  return { query: { q, sort, filters, limit: limitParse.data ?? DEFAULT_LIMIT, cursor, ...(tz ? { tz } : {}) } };
}

/**
 * A range filter's value, `from..to` (either end may be left out): dates, times and numbers. `filter[paidAt]=2026-11-01..`
 * keeps what was paid on or after 1 November; a date-only `to` includes that whole day.
 */
export function parseRange(value: string): { from?: string; to?: string } | null {
  const parts = value.split('..');
  if (parts.length !== 2 || (!parts[0] && !parts[1])) return null;
  return { from: parts[0] || undefined, to: parts[1] || undefined };
}

/**
 * The fixed filters of a list view: its own, and for a "recent" view its last `days` days (today included) as the
 * word `@last<days>` (list-words.ts), read afresh at each read in the reader's days.
 */
export function viewFilters(view: ListView | undefined): Record<string, string> {
  if (!view) return {};
  const out: Record<string, string> = { ...view.filters };
  const period = viewPeriod(view);
  if (period) out[period.field] = period.value;
  return out;
}

/** A "recent" view's period: the field and the word of its days. It holds until the list's own filter of that field replaces it. */
export function viewPeriod(view: ListView | undefined): { field: string; value: string } | null {
  return view?.recent ? { field: view.recent.field, value: `@last${view.recent.days}` } : null;
}

export function listQueryString(query: Partial<ListQuery>): string {
  const p = new URLSearchParams();
  if (query.q) p.set('q', query.q);
  if (query.sort) p.set('sort', `${query.sort.field}:${query.sort.dir}`);
  for (const [k, v] of Object.entries(query.filters ?? {})) if (v !== '') p.set(`filter[${k}]`, v);
  if (query.limit) p.set('limit', String(query.limit));
  if (query.cursor) p.set('cursor', JSON.stringify(query.cursor));
  if (query.tz) p.set('tz', query.tz);
  return p.toString();
}

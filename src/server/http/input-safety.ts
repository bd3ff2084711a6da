import { HttpError, type ErrorItem } from './index';

/**
 * What no payload or query may carry, whatever its schema says: NUL bytes and lone UTF-16 surrogates (PostgreSQL
 * refuses both in text, which would otherwise surface as a 500), nesting deeper than a form ever makes, and more
 * members than any form has (a body of 90,000 unknown keys made a 6.7 MB error). Checked at the edge, before any schema.
 */
export const MAX_DEPTH = 8;
export const MAX_MEMBERS = 5_000;

// String.includes, not a regular expression: lint (rightly) flags control characters in patterns.
const hasNul = (s: string) => s.includes('\u0000');
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or null when it can. */
export function unsafeText(s: string): string | null {
  if (hasNul(s)) return 'Text cannot contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'Text contains an invalid character';
  return null;
}

const bad = (message: string, field: string | undefined, code: string) => new HttpError(400, [{ message, code, ...(field ? { field } : {}) }]);

/** Throws 400 naming the first bad member of a parsed JSON body. */
export function checkJsonValue(value: unknown): void {
  let members = 0;
  const walk = (v: unknown, path: string[], depth: number) => {
    if (depth > MAX_DEPTH) throw bad('The request is nested too deeply', path.join('.') || undefined, 'too_deep');
    if (typeof v === 'string') {
      const why = unsafeText(v);
      if (why) throw bad(why, path.join('.') || undefined, 'invalid_text');
      return;
    }
    if (!v || typeof v !== 'object') return;
    for (const [k, child] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
      if (++members > MAX_MEMBERS) throw bad('The request has too many members', undefined, 'too_many_members');
      const key = String(k);
      if (unsafeText(key)) throw bad('A member name contains an invalid character', undefined, 'invalid_text');
      walk(child, [...path, key], depth + 1);
    }
  };
  walk(value, [], 0);
}

/** Throws 400 when a query parameter's name or value cannot be stored or compared as text. */
export function checkQuery(params: URLSearchParams): void {
  for (const [k, v] of params) {
    const why = unsafeText(k) ?? unsafeText(v);
    if (why) throw bad(why, k, 'invalid_text');
  }
}

/** At most this many error items in one answer: a body of thousands of bad members gets a short answer. */
export const MAX_ERROR_ITEMS = 50;

export function capErrors(items: ErrorItem[]): ErrorItem[] {
  if (items.length <= MAX_ERROR_ITEMS) return items;
  return [...items.slice(0, MAX_ERROR_ITEMS), { message: `And ${items.length - MAX_ERROR_ITEMS} more problems`, code: 'more' }];
}

/**
 * A database error caused by a value (PostgreSQL class 22, "data exception": out of range, bad date, invalid text)
 * that a schema let through is the caller's input, not a server fault: 400, never 500.
 */
export function isDataException(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code === '54000');
}

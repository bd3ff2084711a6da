import { canPickFrom, filterKeys, isListWord, parseRange, periodWordDays, PERIOD_WORDS, shownKind, type EntityDef, type FieldDef, type PeriodWord, type Role } from '../../registry';
import { addDays, today } from '../text/calendar-parts';
import { userFirstDay } from '../state/week';

/**
 * What a list filter's value is, and how the toolbar's "Add filter" asks for it: a record (type-ahead picker), one
 * of an enum's values, yes or no, a period of days (presets or a range typed as text), a range of numbers or amounts,
 * or text. Values are the address's own (`filter[field]=value`, ranges `from..to`: registry/derive/list-query.ts).
 */
export type FilterKind = 'ref' | 'enum' | 'bool' | 'date' | 'number' | 'text';

export function filterKindOf(fd: FieldDef): FilterKind | null {
  switch (shownKind(fd)) {
    case 'ref': case 'refs': return 'ref';
    case 'enum': return 'enum';
    case 'bool': return 'bool';
    case 'date': case 'datetime': return 'date';
    case 'money': case 'int': case 'decimal': return 'number';
    case 'text': case 'code': case 'email': case 'phone': return 'text';
    default: return null;
  }
}

/**
 * The fields a role may filter a list by, in the registry's order: the entity's filterable fields, less a view's
 * fixed ones and references to records the role may not pick (it could not name one). A view's period (a word:
 * "Recent" is `@last7`) is no fixed value: the list's own period of that field replaces it, so the field is offered.
 */
export function filterFieldsFor(def: EntityDef, role: Role | null | undefined, fixed: Record<string, string>): { field: string; kind: FilterKind }[] {
  return filterKeys(def).flatMap((field) => {
    const fd = def.fields[field];
    const kind = filterKindOf(fd);
    if (!kind || (field in fixed && !isListWord(fixed[field])) || fd.writeOnly) return [];
    if (kind === 'ref' && !canPickFrom(role, fd.ref!)) return [];
    return [{ field, kind }];
  });
}

/** Whether the field holds moments (its range ends are the bounds of local days) rather than days. */
export const holdsMoments = (fd: FieldDef) => shownKind(fd) === 'datetime';

/** The periods "Add filter" offers: the words a list's address keeps them as (`@last30`: registry/derive/list-words.ts). */
export const DATE_PRESETS = PERIOD_WORDS;
export type DatePreset = PeriodWord;

/**
 * A preset's first and last day, counted from `day` (today where the browser is), weeks from `firstDay` (by default
 * the user's: state/week.ts): the days the server reads the preset's word as.
 */
export function presetDays(preset: DatePreset, day: string, firstDay: number = userFirstDay()): [string, string] {
  return periodWordDays(preset, day, firstDay)!;
}

/** A preset as the filter's value: its word, read afresh each time the list is read (so a saved view keeps "last 30 days"). */
export const presetValue = (preset: DatePreset) => `@${preset}`;

/** The preset a filter's value is as a word (`@last30`), or null. */
export function presetOfWord(value: string): DatePreset | null {
  return (DATE_PRESETS as readonly string[]).includes(value.slice(1)) && value.startsWith('@') ? (value.slice(1) as DatePreset) : null;
}

/** How a word of the address reads on a chip ("Last 30 days", "Me"), or null for a value that is no word. */
export function wordText(t: (key: string, opts?: Record<string, unknown>) => string, value: string): string | null {
  if (!isListWord(value)) return null;
  const preset = presetOfWord(value);
  if (preset) return t(`filters.presets.${preset}`);
  const days = lastDaysOfWord(value);
  if (days !== null) return t('filters.lastDays', { count: days });
  if (value === '@me') return t('filters.me');
  if (value === '@mycentre') return t('filters.myCentre');
  return null;
}

/** A period word of the address that no preset names (`@last90`): its number of days, or null. */
export function lastDaysOfWord(value: string): number | null {
  const m = /^@last(\d+)$/.exec(value);
  return m && !presetOfWord(value) ? Number(m[1]) : null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const localDate = (day: string) => { const [y, m, d] = day.split('-').map(Number); return new Date(y, m - 1, d); };

/**
 * The filter value of the days `from` to `to` (either may be left out). On a field of days, the days themselves; on
 * a field of moments, the first and last moment of those days where the browser is, so "today" is the user's day,
 * not the server's (the calendars ask the same way: text/calendar-parts.ts).
 */
export function daysValue(moments: boolean, from?: string, to?: string): string {
  if (!from && !to) return '';
  if (!moments) return `${from ?? ''}..${to ?? ''}`;
  const start = from ? localDate(from).toISOString() : '';
  const end = to ? new Date(localDate(addDays(to, 1)).getTime() - 1).toISOString() : '';
  return `${start}..${end}`;
}

/**
 * The days a range value covers, as the user reads them: days as they are; a moment at the start (or end) of a local
 * day, that day. Null for anything else (a range between two times of day, not a range): shown as it is.
 */
export function rangeDays(value: string): { from?: string; to?: string } | null {
  const range = value.includes('..') ? parseRange(value) : null;
  if (!range) return null;
  const end = (v: string | undefined, last: boolean): string | undefined | null => {
    if (v === undefined) return undefined;
    if (DAY.test(v)) return v;
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) return null;
    const bound = last ? d.getHours() === 23 && d.getMinutes() === 59 && d.getSeconds() === 59 && d.getMilliseconds() === 999
      : d.getHours() === 0 && d.getMinutes() === 0 && d.getSeconds() === 0 && d.getMilliseconds() === 0;
    return bound ? today(d) : null;
  };
  const from = end(range.from, false);
  const to = end(range.to, true);
  if (from === null || to === null) return null;
  return { from, to };
}

/** The preset a value is (its word, or its days counted from `day`): a chip says "This week" rather than its dates. */
export function presetOf(value: string, day: string, firstDay: number = userFirstDay()): DatePreset | null {
  const word = presetOfWord(value);
  if (word) return word;
  const days = rangeDays(value);
  if (!days?.from || !days.to) return null;
  return DATE_PRESETS.find((p) => { const [a, b] = presetDays(p, day, firstDay); return a === days.from && b === days.to; }) ?? null;
}

/**
 * A number as typed in the user's language: `1,500.50` in English and Chinese; `1.500,50` or `1 500,50` in French,
 * Spanish and Italian (a comma is their decimal mark). Spaces, the rupee sign and thousands separators are ignored.
 */
export function readNumber(text: string, lang: string): number | null {
  let t = text.replace(/[\s\u00a0\u202f₹]/g, '').replace(/^Rs\.?/i, '');
  if (!t) return null;
  if (['fr', 'es', 'it'].includes(lang)) {
    if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
    else if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '');
  } else t = t.replace(/,/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** A range of numbers as a filter value: one number when both ends are the same, `from..`, `..to` or `from..to`. */
export function numberValue(from: number | null, to: number | null): string {
  if (from === null && to === null) return '';
  if (from !== null && from === to) return String(from);
  return `${from ?? ''}..${to ?? ''}`;
}

/** A number range value's two ends (a single number is both), for editing it again. */
export function numberEnds(value: string): { from: string; to: string } {
  const range = value.includes('..') ? parseRange(value) : null;
  if (range) return { from: range.from ?? '', to: range.to ?? '' };
  return { from: value, to: value };
}

import type { EntityDef } from '../entity';
import { shownKind } from '../fields';
import { dayIn, shiftDay, weekStartOf, zonedDayStart } from '../days';

/**
 * Words a list's address may hold in place of a filter's value, so that a list kept as an address (a saved view, a
 * bookmark, the "Recent" view) means the same words each time it is opened, not the dates or people of the day it
 * was made. GitHub's `@today` and `@me` are the model:
 *
 *   filter[<date or datetime field>]=@today | @yesterday | @thisWeek | @lastWeek | @thisMonth | @lastMonth
 *                                    | @last<N>       the last N days, today included (@last7, @last30; N up to 3660)
 *   filter[<reference to a staff member>]=@me        the reader
 *   filter[<reference to a centre>]=@mycentre        the reader's centres (none: nothing matches)
 *
 * The list query's parser (list-query.ts) checks them on both sides; the server reads them into values as it reads
 * a list or an export (`resolveListWords`), counting days in the time zone the request names (`tz`) and weeks from
 * the reader's first day of the week (days.ts), the same days the client's filters and calendars show.
 */
export const PERIOD_WORDS = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type PeriodWord = (typeof PERIOD_WORDS)[number];

const ME = '@me';
const MY_CENTRE = '@mycentre';
const LAST_DAYS = /^last([1-9]\d{0,3})$/;
export const MAX_LAST_DAYS = 3660;

export type ListWord = { kind: 'period'; word: string } | { kind: 'me' } | { kind: 'myCentre' };

/** Whether a filter's value is a word rather than a value (a value of a list never starts with `@` but an e-mail's middle). */
export const isListWord = (value: string) => value.startsWith('@');

/** The days a period word names, or null when it names none. */
export function periodWordDays(word: string, today: string, firstDay: number): [string, string] | null {
  const monthStart = (day: string) => `${day.slice(0, 8)}01`;
  switch (word) {
    case 'today': return [today, today];
    case 'yesterday': return [shiftDay(today, -1), shiftDay(today, -1)];
    case 'thisWeek': { const start = weekStartOf(today, firstDay); return [start, shiftDay(start, 6)]; }
    case 'lastWeek': { const start = shiftDay(weekStartOf(today, firstDay), -7); return [start, shiftDay(start, 6)]; }
    case 'thisMonth': return [monthStart(today), shiftDay(monthStart(shiftDay(monthStart(today), 31)), -1)];
    case 'lastMonth': { const end = shiftDay(monthStart(today), -1); return [monthStart(end), end]; }
  }
  const days = LAST_DAYS.exec(word);
  if (!days || Number(days[1]) > MAX_LAST_DAYS) return null;
  return [shiftDay(today, -(Number(days[1]) - 1)), today];
}

const isPeriodWord = (word: string) => periodWordDays(word, '2000-01-01', 1) !== null;

/**
 * What a word in `filter[field]` means on this field: a period on a date or datetime field, the reader on a
 * reference to staff, the reader's centres on a reference to centres; null for a word the field cannot take.
 */
export function readListWord(def: EntityDef, field: string, value: string): ListWord | null {
  const fd = def.fields[field];
  if (!fd || !isListWord(value)) return null;
  const kind = shownKind(fd);
  if ((kind === 'date' || kind === 'datetime') && isPeriodWord(value.slice(1))) return { kind: 'period', word: value.slice(1) };
  if ((fd.kind === 'ref' || fd.kind === 'refs') && value === ME && fd.ref === 'admin-user') return { kind: 'me' };
  if ((fd.kind === 'ref' || fd.kind === 'refs') && value === MY_CENTRE && fd.ref === 'fmc') return { kind: 'myCentre' };
  return null;
}

/** The words a field may take, for the parser's message and the filter editors. */
export function wordsFor(def: EntityDef, field: string): string[] {
  const fd = def.fields[field];
  if (!fd) return [];
  const kind = shownKind(fd);
  if (kind === 'date' || kind === 'datetime') return PERIOD_WORDS.map((w) => `@${w}`);
  if ((fd.kind === 'ref' || fd.kind === 'refs') && fd.ref === 'admin-user') return [ME];
  if ((fd.kind === 'ref' || fd.kind === 'refs') && fd.ref === 'fmc') return [MY_CENTRE];
  return [];
}

/** Whether reading these filters needs the reader's first day of the week (a server reads it from their settings only then). */
export const wordsNeedWeek = (filters: Record<string, string>) => Object.values(filters).some((v) => v === '@thisWeek' || v === '@lastWeek');

/** Who reads a list and where: what its words are read with. */
export interface WordReader {
  now: number;
  /** Where the reader's days begin and end (IANA). */
  timeZone: string;
  /** 1 Monday … 7 Sunday (days.ts firstDayOfWeek). */
  firstDay: number;
  userId: number;
  centres: readonly number[];
}

/**
 * The filters with their words read: a period as the days it names (`from..to`), on a datetime field as the first
 * and last moment of those days where the reader is (as the client's own ranges are written: filter-values.ts);
 * `@me` as the reader's id; `@mycentre` as their centres' ids, comma-separated (`0`, which no record has, for none).
 * Values that are not words are left as they are.
 */
export function resolveListWords(def: EntityDef, filters: Record<string, string>, reader: WordReader): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(filters)) {
    const word = readListWord(def, field, value);
    if (!word) { out[field] = value; continue; }
    if (word.kind === 'me') out[field] = String(reader.userId);
    else if (word.kind === 'myCentre') out[field] = reader.centres.length ? reader.centres.join(',') : '0';
    else {
      const [from, to] = periodWordDays(word.word, dayIn(reader.timeZone, reader.now), reader.firstDay)!;
      out[field] = shownKind(def.fields[field]) === 'date' ? `${from}..${to}`
        : `${new Date(zonedDayStart(from, reader.timeZone)).toISOString()}..${new Date(zonedDayStart(shiftDay(to, 1), reader.timeZone) - 1).toISOString()}`;
    }
  }
  return out;
}

import type { Language } from './preferences';

/**
 * Days and weeks as every part of the console counts them: the palette's typed periods ("this week"), the list
 * filters' periods and the words saved views keep (`@thisWeek`, derive/list-words.ts, read on both sides), and the
 * calendars' weeks. A day is `YYYY-MM-DD`, counted as a calendar date (UTC midnight inside, so no time zone shifts it).
 * Weekdays are numbered as Intl numbers them: 1 Monday … 7 Sunday.
 */

/** The locale each language is shown in: English as written in India (day before month, lakh grouping). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-IN', zh: 'zh-CN', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The first day of the week where Intl cannot say (a browser without `Intl.Locale` week info): CLDR's, for the
 * locales above. India starts its weeks on Sunday, as its printed calendars do; China and the European locales on Monday.
 */
export const FIRST_DAY_BY_LANGUAGE: Record<Language, number> = { en: 7, zh: 1, es: 1, fr: 1, it: 1 };

type WeekLocale = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };

const byLanguage = new Map<string, number>();

/** The first day of the week in the convention of the language's locale: Intl's week info, else the table above. */
export function languageFirstDay(lang: string): number {
  let first = byLanguage.get(lang);
  if (first === undefined) {
    first = intlFirstDay(LOCALE_OF[lang as Language] ?? lang) ?? FIRST_DAY_BY_LANGUAGE[lang as Language] ?? 1;
    byLanguage.set(lang, first);
  }
  return first;
}

/** What Intl says of a locale's first weekday; undefined where it has no week info (or an odd answer). */
export function intlFirstDay(locale: string): number | undefined {
  try {
    const l = new Intl.Locale(locale) as WeekLocale;
    const first = l.getWeekInfo?.().firstDay ?? l.weekInfo?.firstDay;
    return typeof first === 'number' && first >= 1 && first <= 7 ? first : undefined;
  } catch {
    return undefined;
  }
}

/** The user's first day of the week: the one they chose in their preferences, else their language's. */
export function firstDayOfWeek(lang: string, preference?: number | null): number {
  return preference && preference >= 1 && preference <= 7 ? preference : languageFirstDay(lang);
}

const DAY_MS = 86_400_000;
const utcOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, for a negative `n`). */
export function shiftDay(day: string, n: number): string {
  return dayOf(utcOf(day) + n * DAY_MS);
}

/** The first day of the week that holds `day`, for weeks starting on `firstDay` (1 Monday … 7 Sunday). */
export function weekStartOf(day: string, firstDay: number): string {
  const weekday = new Date(utcOf(day)).getUTCDay() || 7;
  return shiftDay(day, -((weekday - firstDay + 7) % 7));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (or `now`'s) where `timeZone` is; the runtime's own zone when none is given. */
export function dayIn(timeZone: string | undefined, now: number): string {
  const key = timeZone ?? '';
  let f = dayFormats.get(key);
  if (!f) { f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }); dayFormats.set(key, f); }
  return f.format(now);
}

/** Whether Intl knows `name` as a time zone (`Asia/Kolkata`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try { new Intl.DateTimeFormat('en', { timeZone: name }); return true; } catch { return false; }
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clock is ahead of UTC at the moment `ms` (minutes × 60 000). */
function offsetAt(timeZone: string, ms: number): number {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The moment `day` begins where `timeZone` is (its midnight; a zone that skips midnight, the first moment after). */
export function zonedDayStart(day: string, timeZone: string): number {
  const wall = utcOf(day);
  const guess = wall - offsetAt(timeZone, wall);
  // Once more at the guess: the offset there is the one that holds if a change of offset falls between.
  return wall - offsetAt(timeZone, guess);
}

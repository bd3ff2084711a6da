import type { Translate } from '../../../../commands';
import { weekStartOf, type Language } from '../../../registry';

/**
 * A period said in a query. Its words are the language's own (CLDR, through Intl: "this week", "la semaine dernière",
 * "上周", the months' names), "last N days" and "since" are interface strings, and dates ("1 Dec", "12月1日") are read
 * by chrono-node. A period becomes a range of days, `from..to` as list-query's parseRange reads it, counted in the
 * user's time zone.
 */
export type Period =
  | { kind: 'day' | 'week' | 'month'; offset: number }
  | { kind: 'monthOf'; month: number; since?: boolean }
  | { kind: 'lastDays'; days: number }
  | { kind: 'date'; date: string; since: boolean };

const RELATIVE: { kind: 'day' | 'week' | 'month'; offsets: number[] }[] = [
  { kind: 'day', offsets: [0, 1, -1] },
  { kind: 'week', offsets: [0, -1, 1] },
  { kind: 'month', offsets: [0, -1] },
];

/** The period words of a language: the relative ones and the months, long and short ("novembre", "nov."). */
export function periodPhrases(lang: Language): { phrase: string; period: Period }[] {
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const out: { phrase: string; period: Period }[] = [];
  for (const { kind, offsets } of RELATIVE) for (const offset of offsets) out.push({ phrase: rtf.format(offset, kind), period: { kind, offset } });
  for (const style of ['long', 'short'] as const) {
    const names = new Intl.DateTimeFormat(lang, { month: style, timeZone: 'UTC' });
    for (let month = 0; month < 12; month++) out.push({ phrase: names.format(Date.UTC(2026, month, 15)), period: { kind: 'monthOf', month } });
  }
  return out;
}

// Intl's formatters cost a good part of a millisecond to make: each is made once (the reading is redone on every key).
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) { f = make(); formatters.set(key, f); }
  return f;
}
const relative = (lang: Language) => formatter(`rel:${lang}`, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
const dates = (lang: Language, opts: Intl.DateTimeFormatOptions) => formatter(`date:${lang}:${JSON.stringify(opts)}`, () => new Intl.DateTimeFormat(lang, { ...opts, timeZone: 'UTC' }));

/** Today's date (YYYY-MM-DD) where the user is. */
export function todayIn(timeZone: string | undefined, now: number): string {
  return formatter(`today:${timeZone}`, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(now);
}

const DAY = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days a period covers, as a range filter's value (`2026-11-23..2026-11-29`, `2026-12-01..`). `firstDay`: the
 * user's first day of the week (registry/days.ts firstDayOfWeek), as the list filters and the calendars count weeks.
 */
export function periodRange(period: Period, today: string, firstDay: number): string {
  const t = day(today);
  const d = new Date(t);
  switch (period.kind) {
    case 'day': { const at = iso(t + period.offset * DAY); return `${at}..${at}`; }
    case 'week': {
      const start = day(weekStartOf(today, firstDay)) + period.offset * 7 * DAY;
      return `${iso(start)}..${iso(start + 6 * DAY)}`;
    }
    case 'month': return monthRange(d.getUTCFullYear(), d.getUTCMonth() + period.offset);
    // A month named without a year: the last one that has begun (in November, "December" is last December).
    case 'monthOf': {
      const range = monthRange(period.month > d.getUTCMonth() ? d.getUTCFullYear() - 1 : d.getUTCFullYear(), period.month);
      return period.since ? `${range.slice(0, 10)}..` : range;
    }
    case 'lastDays': return `${iso(t - (period.days - 1) * DAY)}..${today}`;
    case 'date': return period.since ? `${period.date}..` : `${period.date}..${period.date}`;
  }
}

function monthRange(year: number, month: number): string {
  return `${iso(Date.UTC(year, month, 1))}..${iso(Date.UTC(year, month + 1, 0))}`;
}

const capital = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** How a period reads on its chip, in the user's language. */
export function periodLabel(period: Period, lang: Language, t: Translate, today: string): string {
  switch (period.kind) {
    case 'day': case 'week': case 'month': return capital(relative(lang).format(period.offset, period.kind));
    case 'monthOf': {
      const from = periodRange(period, today, 1).slice(0, 10);
      const month = dates(lang, { month: 'long', year: 'numeric' }).format(day(from));
      return capital(period.since ? t('reading.sinceDate', { date: month }) : month);
    }
    case 'lastDays': return capital(t('reading.lastDays', { count: period.days }));
    case 'date': {
      const date = dates(lang, { day: 'numeric', month: 'short', year: 'numeric' }).format(day(period.date));
      return period.since ? capital(t('reading.sinceDate', { date })) : date;
    }
  }
}

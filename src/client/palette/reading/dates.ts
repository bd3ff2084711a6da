import type { Language } from '../../../registry';
import { loadReader, readerOf } from '../../text/date-text';
import type { FoundDate } from './read';

/** chrono-node's full reader (date-text.ts declares only the part the forms use). */
type Parser = { parse: (text: string, ref: Date) => { index: number; text: string; tags?: () => Set<string>; start: { isCertain: (c: string) => boolean; date: () => Date } }[] };

const DIGIT = /[\d一二三四五六七八九十]/;

/**
 * The days named in a query ("1 Dec", "12月1日", "3/12"): chrono-node's readings that name a day with its number. Words
 * it also reads ("today", "this week") are the vocabulary's (periods.ts), which counts them in the user's time zone,
 * and so are its days counted from now: it reads "last 30 days" as the one day 30 days ago, the vocabulary as a period.
 */
export function findDates(parser: unknown, text: string, now: Date): FoundDate[] {
  const out: FoundDate[] = [];
  for (const r of (parser as Parser).parse(text, now)) {
    if (!DIGIT.test(r.text) || !r.start.isCertain('day') || !r.start.isCertain('month') || r.tags?.().has('result/relativeDate')) continue;
    const d = r.start.date();
    let year = d.getFullYear();
    // A day named without its year is the last one that has come (a list is read for what happened).
    if (!r.start.isCertain('year') && d.getTime() > now.getTime()) year -= 1;
    // A year a list's filter cannot take ("9999月25" reads as the year 999): no day named.
    if (!(year >= 1000 && year <= 9999)) continue;
    const date = `${year}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    out.push({ from: r.index, to: r.index + r.text.length, date });
  }
  return out;
}

/** The language's date reader once loaded (the first query with a digit loads it), else null. */
export function dateParser(lang: Language): unknown {
  const reader = readerOf(lang);
  if (!reader) void loadReader(lang);
  return reader;
}

import type { Language } from '../../registry';

/**
 * Dates and times read from what a person types: "26/11/2026 10:00" in the order their language writes
 * it (day first in English as written in India, French, Spanish and Italian; year first in Chinese), 12- or 24-hour,
 * and words ("tomorrow 10am", "next monday 9:30", "demain 10h", "mañana a las 10", "domani alle 10", "明天上午10点"),
 * by chrono-node, the well-kept reader of dates in text. Each language's reader is fetched the first time a date is
 * typed in it, so forms without dates never load one.
 *
 * A form keeps the value as the local `YYYY-MM-DDTHH:mm` a datetime-local input holds (or `YYYY-MM-DD` for a day),
 * so the form's schema and conversion (registry/derive/form.ts) are unchanged.
 */
type Reader = { parseDate: (text: string, ref: Date, opts?: { forwardDate?: boolean }) => Date | null };

const LOADERS: Record<Language, () => Promise<Reader>> = {
  // English as written in India: the day first (05/03 is the 5th of March).
  en: () => import('chrono-node/en').then((m) => m.GB as Reader),
  fr: () => import('chrono-node/fr') as Promise<Reader>,
  es: () => import('chrono-node/es') as Promise<Reader>,
  it: () => import('chrono-node/it') as Promise<Reader>,
  zh: () => import('chrono-node/zh').then((m) => m.hans as unknown as Reader),
};
const loaded = new Map<Language, Reader>();

/** The reader of a language, once fetched (null until then: `loadReader` fetches it). */
export const readerOf = (lang: Language): Reader | null => loaded.get(lang) ?? null;

export async function loadReader(lang: Language): Promise<Reader> {
  const known = loaded.get(lang);
  if (known) return known;
  const reader = await LOADERS[lang]();
  loaded.set(lang, reader);
  return reader;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a form holds it: the local day, and the time unless the field is a day. */
export function toFormValue(d: Date, withTime: boolean): string {
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}` : day;
}

/** A form's value as the language writes it, for the box: 26/11/2026 10:00 (2026/11/26 10:00 in Chinese). */
export function toText(value: string, lang: Language): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi] = m;
  const day = lang === 'zh' ? `${y}/${mo}/${d}` : `${d}/${mo}/${y}`;
  return h === undefined ? day : `${day} ${h}:${mi}`;
}

/** Why what was typed is no date: nothing typed, no date in it, a day or a time no calendar has, a year out of range. */
export type DateProblem = 'empty' | 'unread' | 'noSuchDay' | 'noSuchTime' | 'outOfRange';
export type DateReading = { value: string } | { problem: DateProblem };

/** The years a form takes: four digits, as its value is written. */
const FIRST_YEAR = 1000;
const LAST_YEAR = 9999;
const FORM_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * Whether a form's value names a real day (and time): 2026-02-29 does not, 2026-13-01 neither, nor 10:75. The
 * problem it has, or null.
 */
export function formValueProblem(value: string): DateProblem | null {
  const m = FORM_VALUE.exec(value);
  if (!m) return 'unread';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < FIRST_YEAR) return 'outOfRange';
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (mo < 1 || mo > 12 || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return 'noSuchDay';
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59)) return 'noSuchTime';
  return null;
}

/**
 * What was typed, read: the form's value, or why it is none. `now`: what "tomorrow" is counted from. A date without
 * its year ("1/11", "monday") is the next one (a booking), or with `past` the last one (a filter's period). Never
 * throws, whatever is typed: a value it gives is a real day, so whatever formats it cannot fail either.
 */
export function readDate(reader: Reader, text: string, withTime: boolean, now: Date, past = false): DateReading {
  const t = text.trim();
  if (!t) return { problem: 'empty' };
  // A form's own value pasted or kept as it is (year first, `T` before the time).
  if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/.test(t)) {
    const value = withTime && t.length === 10 ? `${t}T00:00` : withTime ? t : t.slice(0, 10);
    const problem = formValueProblem(value);
    return problem ? { problem } : { value };
  }
  let d: Date | null;
  try {
    d = reader.parseDate(t, now, { forwardDate: !past });
  } catch {
    d = null;
  }
  if (!d || Number.isNaN(d.getTime())) return { problem: 'unread' };
  if (d.getFullYear() < FIRST_YEAR || d.getFullYear() > LAST_YEAR) return { problem: 'outOfRange' };
  return { value: toFormValue(d, withTime) };
}

/** What was typed, read as the form's value, or null when it reads as no date (readDate says why). */
export function readText(reader: Reader, text: string, withTime: boolean, now: Date, past = false): string | null {
  const read = readDate(reader, text, withTime, now, past);
  return 'value' in read ? read.value : null;
}

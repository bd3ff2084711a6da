import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_OF } from '../../registry';

/**
 * Numbers, money and dates in the user's language: the one place that turns a language into a locale and a value into
 * text, read by the generic list, details, filter chips, timeline and status history, and the bespoke screens
 * (list-parts/screen-parts.tsx re-exports it). English is shown as written in India: day before month (05/03/2025) and lakh
 * grouping (1,00,000), beside rupees; the other languages as their own country writes them.
 */

/** The locale of a language: English is shown as in India (lakh grouping, day before month). */
export function localeOf(lang: string): string {
  return (LOCALE_OF as Record<string, string>)[lang] ?? lang;
}

export interface Formats {
  locale: string;
  /** A plain number (a count, a capacity, a decimal): the locale's grouping and decimal sign. */
  number: (n: number) => string;
  /** Indian rupees with two decimals and the ₹ sign in every language, grouped as the locale groups them. */
  money: (n: number) => string;
  /** A calendar day (YYYY-MM-DD) in digits, 05/03/2025 in English: lists, details, chips. The same day in every time zone. */
  date: (d: string) => string;
  /** A moment (an ISO time) in digits with hours and minutes, in the browser's time zone: lists, details, history. */
  moment: (iso: string) => string;
  /** A calendar day with its month's short name (5 Mar 2025): the bespoke screens' headings and ranges. */
  day: (d: string) => string;
  shortDay: (d: string) => string;
  /** A moment with its month's short name (5 Mar 2025, 2:30 pm): the bespoke screens' logs and tables. */
  dateTime: (iso: string) => string;
}

/** A calendar day at UTC midnight, formatted in UTC: never the day before west of Greenwich. */
const utcDay = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00Z`);

/** Text for a value that is not a date the browser can read: shown as given rather than "Invalid Date". */
const safe = (fmt: Intl.DateTimeFormat, d: Date, raw: string) => (Number.isNaN(d.getTime()) ? raw : fmt.format(d));

const cache = new Map<string, Formats>();

/** The formats of a language (built once per language: Intl formatters are slow to make and quick to use). */
export function formatsFor(lang: string): Formats {
  const locale = localeOf(lang);
  const known = cache.get(locale);
  if (known) return known;
  const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const inr = new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const digits = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  // A 24-hour clock writes 09:30, a 12-hour one 9:30 am (as each language writes its times).
  const twelve = /h1[12]/.test(new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle ?? '');
  const digitsTime = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', hour: twelve ? 'numeric' : '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const formats: Formats = {
    locale,
    number: (n) => num.format(n),
    money: (n) => inr.format(n),
    date: (d) => safe(digits, utcDay(d), d),
    moment: (iso) => safe(digitsTime, new Date(iso), iso),
    day: (d) => safe(day, utcDay(d), d),
    shortDay: (d) => safe(shortDay, utcDay(d), d),
    dateTime: (iso) => safe(dateTime, new Date(iso), iso),
  };
  cache.set(locale, formats);
  return formats;
}

/** The formats of the language in use; a change of language re-renders with the new ones. */
export function useFormat(): Formats {
  const { i18n } = useTranslation();
  return useMemo(() => formatsFor(i18n.language), [i18n.language]);
}

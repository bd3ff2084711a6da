import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LANGUAGES, LOCALE_OF, type Language } from '../../registry';
import { findDates } from '../palette/reading/dates';
import { formatsFor } from '../i18n/format';
import { formValueProblem, loadReader, readDate, toText } from './date-text';

/**
 * Whatever is typed into a date field (or a palette query), the date readers never throw: they read a real day, or
 * say why not. A thrown RangeError here once emptied the whole console (date-text-input.tsx formatted 2026-13-01).
 */
const PROBLEMS = ['empty', 'unread', 'noSuchDay', 'noSuchTime', 'outOfRange'];
const now = new Date(2026, 10, 26, 12, 0);

/** The months' names, long and short, and a few words of each language: what people type besides digits. */
function wordsOf(lang: Language): string[] {
  const months = ['long', 'short'].flatMap((month) => Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(LOCALE_OF[lang], { month: month as 'long' | 'short', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15))));
  const days = Array.from({ length: 7 }, (_, d) => new Intl.DateTimeFormat(LOCALE_OF[lang], { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 5 + d)));
  const rtf = new Intl.RelativeTimeFormat(LOCALE_OF[lang], { numeric: 'auto' });
  return [...months, ...days, rtf.format(1, 'day'), rtf.format(-1, 'day'), rtf.format(1, 'week'), 'am', 'pm', 'h', '点', '号', '年', '月', '日', 'at', 'à', 'alle', 'a las'];
}

/** Strings shaped like dates: digits (some too many), separators, T, colons, names of months and days. */
const dateShaped = (lang: Language) => fc.array(fc.oneof(
  fc.integer({ min: 0, max: 99999 }).map(String),
  fc.constantFrom('/', '-', '.', ' ', 'T', ':', ',', '  ', '+', 'Z', '年', '月', '日'),
  fc.constantFrom(...wordsOf(lang)),
  fc.constantFrom('0', '00', '13', '31', '32', '24', '25', '60', '99', '2026', '0000', '9999', '10000'),
), { maxLength: 10 }).map((parts) => parts.join(''));

/** What the reading must be: a value that is a real day (formatting it cannot fail), or a problem of the list. */
function check(lang: Language, text: string, withTime: boolean, past: boolean, reader: Parameters<typeof readDate>[0]) {
  const read = readDate(reader, text, withTime, now, past);
  if ('problem' in read) {
    expect(PROBLEMS, text).toContain(read.problem);
    return;
  }
  expect(read.value, text).toMatch(withTime ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/ : /^\d{4}-\d{2}-\d{2}$/);
  expect(formValueProblem(read.value), text).toBeNull();
  const f = formatsFor(lang);
  expect(() => (withTime ? f.moment(new Date(read.value).toISOString()) : f.date(read.value)), text).not.toThrow();
  expect(typeof toText(read.value, lang)).toBe('string');
}

describe.each(LANGUAGES)('reading dates in %s never throws', (lang) => {
  test('random text, and text shaped like dates', async () => {
    const reader = await loadReader(lang);
    const anyText = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
    fc.assert(fc.property(anyText, fc.boolean(), fc.boolean(), (text, withTime, past) => { check(lang, text, withTime, past, reader); }), { numRuns: 300 });
    fc.assert(fc.property(dateShaped(lang), fc.boolean(), fc.boolean(), (text, withTime, past) => { check(lang, text, withTime, past, reader); }), { numRuns: 500 });
    // The palette reads the same texts for the days they name: every day it finds is a real one.
    fc.assert(fc.property(dateShaped(lang), (text) => {
      for (const d of findDates(reader, text, now)) expect(formValueProblem(d.date), text).toBeNull();
    }), { numRuns: 200 });
  });

  test('the days no calendar has, and the times no clock has, are said to be so', async () => {
    const reader = await loadReader(lang);
    expect(readDate(reader, '2026-13-01', false, now)).toEqual({ problem: 'noSuchDay' });
    expect(readDate(reader, '2026-02-30T10:00', true, now)).toEqual({ problem: 'noSuchDay' });
    expect(readDate(reader, '2026-11-26T25:00', true, now)).toEqual({ problem: 'noSuchTime' });
    expect(readDate(reader, '0000-01-01', false, now)).toEqual({ problem: 'outOfRange' });
    expect(readDate(reader, '2026-11-26T10:00', true, now)).toEqual({ value: '2026-11-26T10:00' });
    expect(readDate(reader, '   ', true, now)).toEqual({ problem: 'empty' });
  });
});

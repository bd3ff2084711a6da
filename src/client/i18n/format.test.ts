import { describe, expect, test } from 'vitest';
import { formatsFor, localeOf } from './format';

/** Intl puts narrow no-break spaces in French numbers and times: compared with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers and dates in the user language, English as written in India', () => {
  test.each([
    ['en', 'en-IN'], ['fr', 'fr-FR'], ['zh', 'zh-CN'], ['es', 'es-ES'], ['it', 'it-IT'], ['de', 'de'],
  ])('%s is shown as %s', (lang, locale) => expect(localeOf(lang)).toBe(locale));

  test.each([
    // language, a calendar day, money, a plain number
    ['en', '05/03/2025', '₹1,00,000.00', '12,34,567.5'],
    ['fr', '05/03/2025', '100 000,00 ₹', '1 234 567,5'],
    ['zh', '2025/03/05', '₹100,000.00', '1,234,567.5'],
    ['es', '05/03/2025', '100.000,00 ₹', '1.234.567,5'],
    ['it', '05/03/2025', '100.000,00 ₹', '1.234.567,5'],
  ])('%s: day %s, money %s, number %s', (lang, day, money, number) => {
    const f = formatsFor(lang);
    expect(f.date('2025-03-05')).toBe(day);
    expect(plain(f.money(100000))).toBe(money);
    expect(plain(f.number(1234567.5))).toBe(number);
  });

  test('a calendar day is the same day in every time zone (formatted at UTC midnight), with or without a time part', () => {
    const f = formatsFor('en');
    expect(f.date('2025-12-31')).toBe('31/12/2025');
    expect(f.date('2025-12-31T00:00:00.000Z')).toBe('31/12/2025');
    expect(f.day('2025-03-05')).toBe('5 Mar 2025');
  });

  test('a moment has the day first and the hour: a 12-hour clock in English, 24 hours in French', () => {
    const iso = new Date(2025, 2, 5, 14, 30).toISOString(); // 2:30 pm where the test runs
    expect(plain(formatsFor('en').moment(iso))).toBe('05/03/2025, 2:30 pm');
    expect(plain(formatsFor('fr').moment(iso))).toBe('05/03/2025 14:30');
    const morning = new Date(2025, 2, 5, 9, 5).toISOString();
    expect(plain(formatsFor('en').moment(morning))).toBe('05/03/2025, 9:05 am');
    expect(plain(formatsFor('fr').moment(morning))).toBe('05/03/2025 09:05');
    expect(plain(formatsFor('zh').moment(morning))).toBe('2025/03/05 09:05');
  });

  test('what is not a date is shown as given, never "Invalid Date"', () => {
    expect(formatsFor('en').date('soon')).toBe('soon');
    expect(formatsFor('fr').moment('later')).toBe('later');
  });
});

import { afterEach, describe, expect, test } from 'vitest';
import { firstDayOfWeek, LANGUAGES, periodWordDays, type Language } from '../../registry';
import { presetDays } from '../list/filter-values';
import { periodRange } from '../palette/reading/periods';
import { listOfReading } from '../palette/reading/list-of-reading';
import { translate } from '../palette/reading/test-i18n';
import { weekStart } from '../text/calendar-parts';
import { prefs } from './prefs';
import { userFirstDay } from './week';

/**
 * "This week" is the same days in the palette's typed sentences, the list filters, the calendars and the server's
 * reading of `@thisWeek`: each counts weeks from the user's first day of the week (their preference, else their
 * language's), through the one function of registry/days.ts.
 */
const saved = { lang: prefs.lang, weekStart: prefs.weekStart };
afterEach(() => Object.assign(prefs, saved));

const DAYS = ['2026-11-22', '2026-11-25', '2026-11-28', '2026-11-29', '2027-01-01', '2028-02-29'];

describe('one week everywhere', () => {
  test.each(LANGUAGES.flatMap((lang) => [null, 1, 6, 7].map((pref) => [lang, pref] as [Language, number | null])))('%s, preference %s', (lang, pref) => {
    Object.assign(prefs, { lang, weekStart: pref });
    const first = userFirstDay();
    expect(first).toBe(firstDayOfWeek(lang, pref));
    if (pref) expect(first).toBe(pref);
    for (const day of DAYS) {
      const calendar = weekStart(day);
      const [from, to] = presetDays('thisWeek', day);
      const palette = periodRange({ kind: 'week', offset: 0 }, day, first);
      const server = periodWordDays('thisWeek', day, firstDayOfWeek(lang, pref));
      expect(from, day).toBe(calendar);
      expect(palette, day).toBe(`${from}..${to}`);
      expect(server, day).toEqual([from, to]);
      expect(new Date(`${from}T00:00:00Z`).getUTCDay() || 7, day).toBe(first);
    }
  });

  test("the palette's typed \"this week\" counts from the user's first day", () => {
    const now = Date.parse('2026-11-25T06:00:00Z'); // a Wednesday
    const reading = { entity: 'payment', values: [], period: { field: 'initiatedAt', period: { kind: 'week' as const, offset: 0 } }, words: [] };
    const at = (firstDay: number) => listOfReading(reading, [], () => undefined, { role: 'admin', lang: 'en', t: translate('en'), now, timeZone: 'UTC', firstDay }).address;
    expect(decodeURIComponent(at(1))).toContain('filter[initiatedAt]=2026-11-23..2026-11-29');
    expect(decodeURIComponent(at(7))).toContain('filter[initiatedAt]=2026-11-22..2026-11-28');
  });

  test("the language's convention is the locale's the console writes dates in: English as in India, from Sunday", () => {
    expect(firstDayOfWeek('en')).toBe(7);
    for (const lang of ['zh', 'es', 'fr', 'it']) expect(firstDayOfWeek(lang), lang).toBe(1);
    expect(firstDayOfWeek('en', 1)).toBe(1);
    expect(firstDayOfWeek('fr', 7)).toBe(7);
  });
});

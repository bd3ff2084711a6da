import { describe, expect, test } from 'vitest';
import { FIRST_DAY_BY_LANGUAGE, firstDayOfWeek, intlFirstDay, languageFirstDay, LANGUAGES, LOCALE_OF, shiftDay, weekStartOf, zonedDayStart } from './index';

describe('the first day of the week', () => {
  test("a language's is its locale's as Intl knows it, and the table for a browser without week info says the same", () => {
    for (const lang of LANGUAGES) {
      const intl = intlFirstDay(LOCALE_OF[lang]);
      if (intl !== undefined) expect(intl, lang).toBe(FIRST_DAY_BY_LANGUAGE[lang]);
      expect(languageFirstDay(lang), lang).toBe(FIRST_DAY_BY_LANGUAGE[lang]);
    }
  });
  test('a preference wins over the language; an empty or odd one gives it back', () => {
    expect(firstDayOfWeek('en', 1)).toBe(1);
    expect(firstDayOfWeek('zh', 7)).toBe(7);
    expect(firstDayOfWeek('zh', null)).toBe(1);
    expect(firstDayOfWeek('en', undefined)).toBe(7);
    expect(firstDayOfWeek('fr', 0)).toBe(1);
    expect(firstDayOfWeek('fr', 9)).toBe(1);
  });
  test('a week starts on its first day, for each first day, whatever the day of the week', () => {
    for (let first = 1; first <= 7; first++) {
      for (let i = 0; i < 14; i++) {
        const day = shiftDay('2026-12-24', i);
        const start = weekStartOf(day, first);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay() || 7).toBe(first);
        expect(start <= day && shiftDay(start, 6) >= day, `${day} from ${first}`).toBe(true);
      }
    }
  });
});

describe('days in a time zone', () => {
  test("a day's first moment where the user is", () => {
    expect(new Date(zonedDayStart('2026-11-25', 'Asia/Kolkata')).toISOString()).toBe('2026-11-24T18:30:00.000Z');
    expect(new Date(zonedDayStart('2026-11-25', 'UTC')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
    // Across a change of the clocks (New York, 8 March 2026: 02:00 became 03:00).
    expect(new Date(zonedDayStart('2026-03-08', 'America/New_York')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(zonedDayStart('2026-03-09', 'America/New_York')).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});

import { describe, expect, test } from 'vitest';
import { GB } from 'chrono-node/en';
import { readText } from './date-text';

/** A date typed without its year: the next one for a booking, the last one for a filter's period. */
describe('readText', () => {
  const now = new Date(2026, 10, 26, 12, 0);
  test('forward by default, back when asked', () => {
    expect(readText(GB, '1/11', false, now)).toBe('2027-11-01');
    expect(readText(GB, '1/11', false, now, true)).toBe('2026-11-01');
    expect(readText(GB, '20/11/2026', false, now, true)).toBe('2026-11-20');
    expect(readText(GB, 'yesterday', false, now, true)).toBe('2026-11-25');
    expect(readText(GB, 'not a day', false, now, true)).toBeNull();
  });
});

import { describe, expect, test } from 'vitest';
import { toIso } from './connection';

describe('a timestamptz as PostgreSQL writes it, as an ISO instant', () => {
  test('in UTC, with and without fractions of a second (microseconds cut to milliseconds, as a Date does)', () => {
    expect(toIso('2026-11-23 19:40:56+00')).toBe('2026-11-23T19:40:56.000Z');
    expect(toIso('2026-11-23 19:40:56.1+00')).toBe('2026-11-23T19:40:56.100Z');
    expect(toIso('2026-11-23 19:40:56.123456+00')).toBe('2026-11-23T19:40:56.123Z');
    expect(toIso('2026-12-31 23:59:59.999999+00')).toBe('2026-12-31T23:59:59.999Z');
  });
  test('a server in another zone gives the same instant', () => {
    expect(toIso('2026-11-24 01:10:56.123+05:30')).toBe('2026-11-23T19:40:56.123Z');
    expect(toIso('2026-11-23 14:40:56-05')).toBe('2026-11-23T19:40:56.000Z');
  });
});

import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { centreMoment, slotHasBegun } from './slot-past';

describe('a slot is past once its start has come where the centres are', () => {
  test('the centres\' clock, not the browser\'s: the same instant is another day in Kolkata than in New York', () => {
    const at = Date.parse('2026-11-26T20:10:00Z');
    expect(centreMoment('Asia/Kolkata', at)).toEqual({ day: '2026-11-27', time: '01:40' });
    expect(centreMoment('America/New_York', at)).toEqual({ day: '2026-11-26', time: '15:10' });
    expect(centreMoment('UTC', Date.parse('2026-11-26T00:00:30Z'))).toEqual({ day: '2026-11-26', time: '00:00' });
  });

  test('a zone the browser does not know reads as its own rather than failing', () => {
    expect(centreMoment('Mars/Olympus_Mons', 0)).toEqual(centreMoment(undefined, 0));
  });

  test('from its start minute on, and not a minute before', () => {
    const slot = { date: '2026-11-26', startTime: '09:00:00' };
    expect(slotHasBegun(slot, { day: '2026-11-26', time: '08:59' })).toBe(false);
    expect(slotHasBegun(slot, { day: '2026-11-26', time: '09:00' })).toBe(true);
    expect(slotHasBegun(slot, { day: '2026-11-26', time: '17:30' })).toBe(true);
    expect(slotHasBegun({ ...slot, startTime: '23:30' }, { day: '2026-11-26', time: '23:29' })).toBe(false);
    expect(slotHasBegun({ ...slot, startTime: '23:30' }, { day: '2026-11-27', time: '00:00' })).toBe(true);
    expect(slotHasBegun({ ...slot, date: '2026-11-27' }, { day: '2026-11-26', time: '23:59' })).toBe(false);
  });

  test('once past, a slot stays past: later instants never make it bookable again', () => {
    const day = fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2035-12-31') });
    const slot = fc.record({
      date: day.map((ms) => new Date(ms).toISOString().slice(0, 10)),
      startTime: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`),
    });
    fc.assert(fc.property(slot, day, fc.integer({ min: 0, max: 400 * 86_400_000 }), fc.constantFrom('Asia/Kolkata', 'UTC', 'America/Los_Angeles'), (s, now, later, zone) => {
      if (slotHasBegun(s, centreMoment(zone, now))) expect(slotHasBegun(s, centreMoment(zone, now + later))).toBe(true);
    }));
  });
});

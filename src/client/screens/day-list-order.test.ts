import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { daysFrom } from '../text/calendar-parts';
import { dayListMove, dayListOrder } from './day-list-order';

describe('the days of a calendar on a phone', () => {
  const week = daysFrom('2026-11-23', 7); // Monday to Sunday

  test('today first, then the days after it, then the earlier ones', () => {
    expect(dayListOrder(week, '2026-11-26')).toEqual([
      { day: '2026-11-26', earlier: false }, { day: '2026-11-27', earlier: false }, { day: '2026-11-28', earlier: false }, { day: '2026-11-29', earlier: false },
      { day: '2026-11-23', earlier: true }, { day: '2026-11-24', earlier: true }, { day: '2026-11-25', earlier: true },
    ]);
    expect(dayListOrder(week, '2026-11-23').map((d) => d.earlier)).toEqual(Array(7).fill(false));
  });

  test('a week without today in it reads in calendar order', () => {
    expect(dayListOrder(week, '2026-12-01')).toEqual(week.map((day) => ({ day, earlier: false })));
    expect(dayListOrder(week, '2026-11-01').map((d) => d.day)).toEqual(week);
  });

  test('every day of the period is shown once, whatever today is', () => {
    fc.assert(fc.property(fc.integer({ min: -10, max: 16 }), (offset) => {
      const today = daysFrom('2026-11-13', 30)[offset + 10];
      const order = dayListOrder(week, today);
      expect(order.map((d) => d.day).sort()).toEqual(week);
      if (week.includes(today)) expect(order[0].day).toBe(today);
      // The days not marked earlier come before the earlier ones, each part in calendar order.
      const later = order.filter((d) => !d.earlier).map((d) => d.day);
      const earlier = order.filter((d) => d.earlier).map((d) => d.day);
      expect(order.map((d) => d.day)).toEqual([...later, ...earlier]);
      expect(later).toEqual([...later].sort());
      expect(earlier).toEqual([...earlier].sort());
      expect(earlier.every((d) => d < today)).toBe(true);
    }));
  });
});

describe('moving among a day list\'s cards', () => {
  // Three days shown: two cards, none, three (indexes 0-1, then 2-4).
  const counts = [2, 0, 3];

  test('j/k and the arrows one card, across days; Home and End to the ends; stops at the edges', () => {
    expect(dayListMove('j', 1, counts)).toBe(2);
    expect(dayListMove('ArrowDown', 4, counts)).toBe(4);
    expect(dayListMove('k', 2, counts)).toBe(1);
    expect(dayListMove('ArrowUp', 0, counts)).toBe(0);
    expect(dayListMove('Home', 3, counts)).toBe(0);
    expect(dayListMove('End', 0, counts)).toBe(4);
  });

  test('left and right to the first card of the previous and next day with any', () => {
    expect(dayListMove('ArrowRight', 0, counts)).toBe(2);
    expect(dayListMove('ArrowRight', 1, counts)).toBe(2);
    expect(dayListMove('ArrowRight', 3, counts)).toBe(2);
    expect(dayListMove('ArrowLeft', 4, counts)).toBe(0);
    expect(dayListMove('ArrowLeft', 1, counts)).toBe(0);
  });

  test('other keys, and a list without cards, are left alone', () => {
    expect(dayListMove('Enter', 0, counts)).toBeNull();
    expect(dayListMove('PageDown', 0, counts)).toBeNull();
    expect(dayListMove('j', 0, [0, 0])).toBeNull();
  });
});

import { describe, expect, test } from 'vitest';
import { addDays, blockMove, daysFrom, gridMove, localDayHour, localDaysRange, parseDay, slotRows, today, weekStart, weekStep } from './calendar-parts';

describe('calendar days', () => {
  test('weeks start on the day given, across months and years', () => {
    expect(weekStart('2026-11-25', 1)).toBe('2026-11-23'); // a Wednesday; weeks from Monday
    expect(weekStart('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekStart('2026-11-29', 1)).toBe('2026-11-23'); // a Sunday
    expect(weekStart('2027-01-01', 1)).toBe('2026-12-28');
    expect(weekStart('2026-11-25', 7)).toBe('2026-11-22'); // weeks from Sunday
    expect(weekStart('2026-11-29', 7)).toBe('2026-11-29');
    expect(weekStart('2027-01-01', 6)).toBe('2026-12-26'); // weeks from Saturday
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysFrom('2026-12-28', 7)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  test('a day from a link is taken only when it is one', () => {
    expect(parseDay('2026-11-23')).toBe('2026-11-23');
    for (const bad of ['2026-02-30', '23-11-2026', 'soon', '', null, undefined]) expect(parseDay(bad)).toBeNull();
  });

  test('the range of local days runs from the first midnight to just before the one after the last', () => {
    const [from, to] = localDaysRange('2026-11-23', '2026-11-29').split('..');
    expect(localDayHour(from)).toEqual({ day: '2026-11-23', hour: 0, minutes: 0 });
    expect(localDayHour(to)).toMatchObject({ day: '2026-11-29', hour: 23 });
    expect(new Date(Date.parse(to) + 1).getHours()).toBe(0);
    expect(today(new Date(2026, 10, 5, 23, 59))).toBe('2026-11-05');
  });
});

describe('calendar keys', () => {
  test('arrows move one cell and stop at the edges; Home and End reach the row\'s ends', () => {
    expect(gridMove('ArrowRight', { col: 6, row: 2 }, 7, 3)).toEqual({ col: 6, row: 2 });
    expect(gridMove('ArrowDown', { col: 1, row: 1 }, 7, 3)).toEqual({ col: 1, row: 2 });
    expect(gridMove('ArrowUp', { col: 1, row: 0 }, 7, 3)).toEqual({ col: 1, row: 0 });
    expect(gridMove('End', { col: 1, row: 1 }, 7, 3)).toEqual({ col: 6, row: 1 });
    expect(gridMove('x', { col: 1, row: 1 }, 7, 3)).toBeNull();
    expect([weekStep('PageUp'), weekStep('['), weekStep('PageDown'), weekStep(']'), weekStep('Enter')]).toEqual([-1, -1, 1, 1, 0]);
  });

  test('blocks: up and down within the day, left and right to the nearest day with any, closest in time', () => {
    const b = (minutes: number) => ({ minutes });
    const days = [[b(540), b(600)], [], [b(550), b(900)], []];
    expect(blockMove('ArrowDown', days, { day: 0, i: 0 })).toEqual({ day: 0, i: 1 });
    expect(blockMove('ArrowDown', days, { day: 0, i: 1 })).toEqual({ day: 0, i: 1 });
    expect(blockMove('ArrowRight', days, { day: 0, i: 1 })).toEqual({ day: 2, i: 0 });
    expect(blockMove('ArrowRight', days, { day: 2, i: 1 })).toEqual({ day: 2, i: 1 });
    expect(blockMove('ArrowLeft', days, { day: 2, i: 1 })).toEqual({ day: 0, i: 1 });
    expect(blockMove('Enter', days, { day: 2, i: 1 })).toBeNull();
  });
});

describe('a week of slots as a grid', () => {
  test('one row per start time, more when a day has two slots then; other weeks left out', () => {
    const days = daysFrom('2026-11-23', 7);
    const s = (id: number, date: string, startTime: string) => ({ id, date, startTime });
    const rows = slotRows([s(1, '2026-11-23', '17:00:00'), s(2, '2026-11-23', '09:00:00'), s(3, '2026-11-24', '09:00:00'), s(4, '2026-11-24', '09:00:00'), s(5, '2026-12-01', '09:00:00')], days);
    expect(rows.map((r) => r.time)).toEqual(['09:00', '09:00', '17:00']);
    expect(rows.map((r) => r.cells.slice(0, 2).map((c) => c?.id ?? null))).toEqual([[2, 3], [null, 4], [1, null]]);
    expect(rows.every((r) => r.cells.length === 7)).toBe(true);
  });
});

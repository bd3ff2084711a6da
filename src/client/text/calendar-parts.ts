import { weekStartOf } from '../../registry';
import { userFirstDay } from '../state/week';

/**
 * The calendars' arithmetic (slot-calendar.tsx, appointment-calendar.tsx), pure so that it is tested on its own.
 * A day is `YYYY-MM-DD` and counted as a calendar date (UTC midnight inside, so no time zone shifts it); weeks start
 * on the user's first day of the week (their preference, else their language's: state/week.ts), the day the
 * palette's "this week" and the list filters' weeks start on too.
 */

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The day a link asked for, if it is one. */
export function parseDay(value: string | null | undefined): string | null {
  return value && DAY.test(value) && !Number.isNaN(utc(value).getTime()) && isoDay(utc(value)) === value ? value : null;
}

export function addDays(day: string, n: number): string {
  return isoDay(new Date(utc(day).getTime() + n * DAY_MS));
}

/** The first day of the week that holds `day`: by default the user's (1 Monday … 7 Sunday). */
export function weekStart(day: string, firstDay: number = userFirstDay()): string {
  return weekStartOf(day, firstDay);
}

/** `count` days from `first`. */
export function daysFrom(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/** Today where the browser is. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The moments that bound the days `first` to `last` where the browser is, for a range filter on a timestamp. */
export function localDaysRange(first: string, last: string): string {
  const [y1, m1, d1] = first.split('-').map(Number);
  const [y2, m2, d2] = last.split('-').map(Number);
  return `${new Date(y1, m1 - 1, d1).toISOString()}..${new Date(new Date(y2, m2 - 1, d2 + 1).getTime() - 1).toISOString()}`;
}

/** A moment's day and hour where the browser is. */
export function localDayHour(iso: string): { day: string; hour: number; minutes: number } {
  const d = new Date(iso);
  return { day: today(d), hour: d.getHours(), minutes: d.getHours() * 60 + d.getMinutes() };
}

export interface Cell { col: number; row: number }

/** Arrows move one cell, Home and End to the row's first and last; null for another key. Stops at the edges. */
export function gridMove(key: string, at: Cell, cols: number, rows: number): Cell | null {
  const clamp = (v: number, n: number) => Math.max(0, Math.min(n - 1, v));
  switch (key) {
    case 'ArrowLeft': return { col: clamp(at.col - 1, cols), row: at.row };
    case 'ArrowRight': return { col: clamp(at.col + 1, cols), row: at.row };
    case 'ArrowUp': return { col: at.col, row: clamp(at.row - 1, rows) };
    case 'ArrowDown': return { col: at.col, row: clamp(at.row + 1, rows) };
    case 'Home': return { col: 0, row: at.row };
    case 'End': return { col: cols - 1, row: at.row };
    default: return null;
  }
}

/** Weeks a key moves: PageUp or `[` back, PageDown or `]` on; 0 for another key. */
export function weekStep(key: string): number {
  return ({ PageUp: -1, '[': -1, PageDown: 1, ']': 1 } as Record<string, number>)[key] ?? 0;
}

/**
 * A week of slots as a grid: one row per start time, and as many rows of that time as the busiest day has slots
 * starting then (two doctors at 09:00 make two rows), so that each cell holds at most one slot.
 */
export function slotRows<S extends { date: string; startTime: string; id: number }>(slots: readonly S[], days: readonly string[]): { time: string; cells: (S | null)[] }[] {
  const byTime = new Map<string, S[][]>();
  for (const s of [...slots].sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id - b.id)) {
    const col = days.indexOf(s.date);
    if (col < 0) continue;
    const time = s.startTime.slice(0, 5);
    const cols = byTime.get(time) ?? days.map(() => []);
    cols[col].push(s);
    byTime.set(time, cols);
  }
  return [...byTime.entries()].sort(([a], [b]) => a.localeCompare(b)).flatMap(([time, cols]) => {
    const depth = Math.max(...cols.map((c) => c.length));
    return Array.from({ length: depth }, (_, k) => ({ time, cells: cols.map((c) => c[k] ?? null) }));
  });
}

/**
 * Moving among the blocks of a day-by-day calendar (each day's blocks in time order): up and down to the previous
 * and next block of the day, left and right to the nearest day that has any, on its block closest in time.
 */
export function blockMove<B extends { minutes: number }>(key: string, days: readonly (readonly B[])[], at: { day: number; i: number }): { day: number; i: number } | null {
  const here = days[at.day]?.[at.i];
  if (!here) return null;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const i = Math.max(0, Math.min(days[at.day].length - 1, at.i + (key === 'ArrowUp' ? -1 : 1)));
    return { day: at.day, i };
  }
  if (key === 'Home' || key === 'End') return { day: at.day, i: key === 'Home' ? 0 : days[at.day].length - 1 };
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return null;
  const step = key === 'ArrowLeft' ? -1 : 1;
  for (let d = at.day + step; d >= 0 && d < days.length; d += step) {
    if (!days[d].length) continue;
    let best = 0;
    days[d].forEach((b, i) => { if (Math.abs(b.minutes - here.minutes) < Math.abs(days[d][best].minutes - here.minutes)) best = i; });
    return { day: d, i: best };
  }
  return at;
}

import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { prefs } from '../state/prefs';
import { saveColumnsSoon } from './column-prefs';

// What reaches the server: each save's columns, as sent.
const saves = vi.hoisted(() => [] as unknown[]);
vi.mock('../api/me', () => ({ me: { savePrefs: (body: { columns: unknown }) => { saves.push(structuredClone(body.columns)); return Promise.resolve(); } } }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  saves.length = 0;
  delete prefs.columns.patients;
});
afterEach(() => {
  vi.advanceTimersByTime(10_000);
  vi.useRealTimers();
});

const widen = (phone: number) => {
  prefs.columns.patients = { widths: { phone } };
  saveColumnsSoon();
};

it('presses that come quickly are one save, of the last width', () => {
  for (const [i, phone] of [170, 180, 190, 200].entries()) {
    widen(phone);
    if (i < 3) vi.advanceTimersByTime(100);
  }
  expect(saves).toEqual([]);
  vi.advanceTimersByTime(500);
  expect(saves).toEqual([{ patients: { widths: { phone: 200 } } }]);
});

it('a press after the pause is a save of its own', () => {
  widen(170);
  vi.advanceTimersByTime(600);
  widen(180);
  vi.advanceTimersByTime(600);
  expect(saves).toEqual([{ patients: { widths: { phone: 170 } } }, { patients: { widths: { phone: 180 } } }]);
});

import { describe, expect, it } from 'vitest';
import { prefsSchema, RECENT_MAX, type RecentUse } from '../../registry';
import { byFrecency, frecency, withUse } from './recents';

const NOW = Date.UTC(2025, 0, 15, 12);
const HOUR = 3_600_000;
const use = (id: string, count: number, hoursAgo: number): RecentUse => ({ kind: 'command', id, at: NOW - hoursAgo * HOUR, count });

describe('recently and frequently used (the palette with its box empty)', () => {
  it('counts a use again and dates it now', () => {
    const list = withUse([use('a', 2, 30)], { kind: 'command', id: 'a' }, NOW);
    expect(list).toEqual([{ kind: 'command', id: 'a', at: NOW, count: 3 }]);
  });
  it('keeps a record\'s title, and its newest title', () => {
    const once = withUse([], { kind: 'record', id: 'patients:7', title: 'Aarav Patel' }, NOW);
    expect(withUse(once, { kind: 'record', id: 'patients:7' }, NOW)[0].title).toBe('Aarav Patel');
    expect(withUse(once, { kind: 'record', id: 'patients:7', title: 'Aarav Patel-Shah' }, NOW)[0].title).toBe('Aarav Patel-Shah');
  });
  it('ranks by recent and frequent: ten uses yesterday before one a week ago, one just now before one last month', () => {
    expect(byFrecency([use('week', 1, 24 * 8), use('yesterday', 10, 20)], NOW).map((u) => u.id)).toEqual(['yesterday', 'week']);
    expect(byFrecency([use('month', 3, 24 * 40), use('now', 1, 0)], NOW).map((u) => u.id)).toEqual(['now', 'month']);
    expect(frecency(use('x', 1, 0), NOW)).toBeGreaterThan(frecency(use('x', 1, 2), NOW));
  });
  it(`stays at ${RECENT_MAX} items, dropping the lowest, always keeping the one just used`, () => {
    let list: RecentUse[] = Array.from({ length: RECENT_MAX }, (_, i) => use(`c${i}`, 5, 1));
    list = withUse(list, { kind: 'command', id: 'new' }, NOW);
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0].id).toBe('new');
  });
  it('is accepted by the preferences schema the server checks, and refused when too long or unknown', () => {
    expect(prefsSchema.safeParse({ recent: [use('payment.filter', 2, 1), { kind: 'record', id: 'patients:7', title: 'Aarav Patel', at: NOW, count: 1 }] }).success).toBe(true);
    expect(prefsSchema.safeParse({ recent: Array.from({ length: RECENT_MAX + 1 }, (_, i) => use(`c${i}`, 1, 1)) }).success).toBe(false);
    expect(prefsSchema.safeParse({ recent: [{ ...use('a', 1, 1), secret: 1 }] }).success).toBe(false);
    expect(prefsSchema.safeParse({ recent: [{ ...use('a', 1, 1), kind: 'other' }] }).success).toBe(false);
  });
});

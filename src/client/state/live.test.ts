import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PRESENCE_GONE_SECONDS } from '../../registry';
import { heardChange, heardPresence, live, MARK_MS, presentOn, recordKey } from './live';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('what others did, as the screens read it', () => {
  test('a change marks its record for MARK_MS; a later change starts the mark again; a delete leaves a note', () => {
    heardChange('speciality', 7, { action: 'update', version: 2, by: 3, byName: 'Asha Rao' });
    expect(live.changes[recordKey('speciality', 7)]).toMatchObject({ marked: true, byName: 'Asha Rao', version: 2 });
    vi.advanceTimersByTime(MARK_MS - 1);
    heardChange('speciality', 7, { action: 'update', version: 3, by: 3, byName: 'Asha Rao' });
    vi.advanceTimersByTime(MARK_MS - 1);
    expect(live.changes[recordKey('speciality', 7)].marked).toBe(true);
    vi.advanceTimersByTime(1);
    expect(live.changes[recordKey('speciality', 7)]).toMatchObject({ marked: false, version: 3 });
    heardChange('speciality', 8, { action: 'delete', version: null, by: 4, byName: null }, 1000);
    expect(live.deleted.speciality).toEqual({ byName: null, at: 1000 });
  });

  test('presence lasts while its beats come, goes when left or unheard, and lists editors first', () => {
    const key = recordKey('patient', 5);
    heardPresence({ entity: 'patient', id: 5, user: 1, name: 'Vikram Rao', mode: 'viewing' });
    heardPresence({ entity: 'patient', id: 5, user: 2, name: 'Asha Iyer', mode: 'editing' });
    heardPresence({ entity: 'patient', id: 5, user: 3, name: 'Bala N', mode: 'viewing' });
    expect(presentOn(live.presence[key]).map((p) => p.name)).toEqual(['Asha Iyer', 'Bala N', 'Vikram Rao']);
    heardPresence({ entity: 'patient', id: 5, user: 3, name: 'Bala N', mode: 'left' });
    vi.advanceTimersByTime(PRESENCE_GONE_SECONDS * 1000 - 1);
    heardPresence({ entity: 'patient', id: 5, user: 1, name: 'Vikram Rao', mode: 'viewing' });
    vi.advanceTimersByTime(1);
    expect(presentOn(live.presence[key]).map((p) => p.user)).toEqual([1]);
    vi.advanceTimersByTime(PRESENCE_GONE_SECONDS * 1000);
    expect(presentOn(live.presence[key])).toEqual([]);
  });
});

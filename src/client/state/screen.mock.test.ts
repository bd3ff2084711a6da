import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contributions } from '../../../commands';
import { contribute, screen } from './screen';

// What a key that could not act says: a toast, in the user's language (its key stands for it here).
const said = vi.hoisted(() => [] as string[]);
vi.mock('./toast', () => ({ toast: { warning: (text: string) => said.push(text) } }));
vi.mock('i18next', () => ({ default: { t: (key: string) => key } }));

// The page the test is on: the store reads location.pathname, which the test moves.
const page = { pathname: '/dashboard/speciality' };

const list = (entity: string, openCreate?: () => void): Contributions['list'] => ({
  entity, selection: [], openCreate, focusFilter: () => {}, addFilter: () => {}, openColumns: () => {},
});

describe('what screens contribute to the commands', () => {
  beforeEach(() => {
    vi.stubGlobal('location', page);
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    page.pathname = '/dashboard/speciality';
    said.length = 0;
  });
  afterEach(() => {
    // Whatever a test left waiting is dropped before the next begins.
    vi.advanceTimersByTime(10_000);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('answers the latest of a kind still in place, of the entity asked for, until it is taken back', () => {
    const offList = contribute('list', list('speciality'));
    const offPeek = contribute('record', { entity: 'appointments', record: { id: 4, version: 2 } });
    const offInner = contribute('list', list('languages'));
    expect(screen.get('list')?.entity).toBe('languages');
    expect(screen.get('list', 'speciality')?.entity).toBe('speciality');
    expect(screen.get('record', 'speciality')).toBeUndefined();
    offInner();
    expect(screen.get('list')?.entity).toBe('speciality');
    offInner();
    expect(screen.get('list')?.entity).toBe('speciality');
    offList();
    offPeek();
    expect(screen.get('list')).toBeUndefined();
  });

  it('acts at once on a contribution in place, else once the screen makes it on the same page', () => {
    const opened: string[] = [];
    const off = contribute('list', list('speciality', () => opened.push('now')));
    screen.act('list', (l) => l.openCreate?.());
    off();
    screen.act('list', (l) => l.openCreate?.());
    expect(opened).toEqual(['now']);
    const later = contribute('list', list('speciality', () => opened.push('later')));
    expect(opened).toEqual(['now', 'later']);
    // Once only: the list made again (a new selection) opens nothing more.
    later();
    contribute('list', list('speciality', () => opened.push('again')))();
    expect(opened).toEqual(['now', 'later']);
  });

  it('drops what was asked on another page, or too long ago', () => {
    const opened: string[] = [];
    screen.act('list', (l) => l.openCreate?.());
    page.pathname = '/dashboard/languages';
    contribute('list', list('languages', () => opened.push('languages')))();
    screen.act('list', (l) => l.openCreate?.());
    vi.advanceTimersByTime(5000);
    contribute('list', list('languages', () => opened.push('late')))();
    expect(opened).toEqual([]);
  });

  it('waits for the next screen when asked to, never taking the one still in place', () => {
    const moved: number[] = [];
    const old = contribute('record', { entity: 'appointments', record: { id: 1, version: 1 } });
    screen.next('record', (r) => moved.push(r.record.id));
    expect(moved).toEqual([]);
    old();
    contribute('record', { entity: 'appointments', record: { id: 2, version: 1 } })();
    expect(moved).toEqual([2]);
  });

  it('keeps a move waiting for its own entity\'s screen: another list\'s moves do not take it', () => {
    const started: string[] = [];
    const moves = (entity: string) => ({ entity, start: () => { started.push(entity); return true; } });
    screen.act('moves', (m) => m.start('complete', [{ id: 7, version: 2 }]), 'payment');
    // A list of appointments re-made in the meantime (each of its renders contributes again).
    contribute('moves', moves('appointments'))();
    expect(started).toEqual([]);
    contribute('moves', moves('payment'))();
    expect(started).toEqual(['payment']);
    expect(said).toEqual([]);
  });

  it('says so when the screen asked for never comes, the page is left, or another key asks meanwhile', () => {
    screen.act('list', (l) => l.focusFilter());
    vi.advanceTimersByTime(3000);
    expect(said).toEqual(['screenWait.unheard']);

    screen.next('record', () => {});
    screen.next('export', () => {});
    expect(said).toHaveLength(2);

    page.pathname = '/dashboard/languages';
    contribute('export', { entity: 'languages', run: () => {} })();
    expect(said).toHaveLength(3);
    // Nothing is left waiting to be said again.
    vi.advanceTimersByTime(5000);
    expect(said).toHaveLength(3);
  });
});

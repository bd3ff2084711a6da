import { describe, expect, test } from 'vitest';
import { SequenceWatcher } from './sequence-keys';

/** A key that continues `g f` or `g a c` is the sequence's, not the single key's (`f` opens Add filter, `c` adds). */
describe('SequenceWatcher', () => {
  const sequences = [['g', 'f'], ['g', 'h'], ['g', 'a', 'c'], ['g', 'a', 'm']];
  test('the second key of a sequence continues it; the same key alone does not', () => {
    const w = new SequenceWatcher(sequences);
    expect(w.continues('f', 0)).toBe(false);
    expect(w.continues('g', 10)).toBe(false);
    expect(w.continues('f', 20)).toBe(true);
    expect(w.continues('f', 30)).toBe(false);
  });
  test('every key of a longer sequence continues it', () => {
    const w = new SequenceWatcher(sequences);
    w.continues('g', 0);
    expect(w.continues('a', 10)).toBe(true);
    expect(w.continues('c', 20)).toBe(true);
    expect(w.continues('c', 30)).toBe(false);
  });
  test('a key no sequence takes next ends it; a long pause too', () => {
    const w = new SequenceWatcher(sequences);
    w.continues('g', 0);
    expect(w.continues('x', 10)).toBe(false);
    expect(w.continues('f', 20)).toBe(false);
    w.continues('g', 100);
    expect(w.continues('f', 2000)).toBe(false);
  });
});

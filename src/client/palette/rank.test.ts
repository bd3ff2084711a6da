import { describe, expect, it } from 'vitest';
import { fuzzyScore, rank } from './rank';

describe('fuzzyScore', () => {
  it.each([
    ['spec', 'Open Specialities', true],
    ['opn spc', 'Open Specialities', true],
    ['xyz', 'Open Specialities', false],
    ['', 'anything', true],
  ])('%s in %s matches: %s', (q, text, matches) => {
    expect(fuzzyScore(q, text) > 0).toBe(matches);
  });

  it('prefers a word start over a subsequence', () => {
    expect(fuzzyScore('citi', 'Open Cities')).toBeGreaterThan(fuzzyScore('citi', 'Open Specialities'));
  });
});

describe('rank', () => {
  const items = ['Add Speciality', 'Open Specialities', 'Open Cities', 'Sign out'];
  it('keeps only matches, best first', () => {
    expect(rank(items, 'speci', (s) => [s])).toEqual(['Add Speciality', 'Open Specialities']);
  });
  it('matches any of the texts (a title in another language, or English)', () => {
    expect(rank(['x'], 'ville', () => ['Villes', 'Cities'])).toEqual(['x']);
  });
  it('caps the number of results', () => {
    expect(rank(Array.from({ length: 100 }, (_, i) => `item ${i}`), '', (s) => [s], 10)).toHaveLength(10);
  });
});

import { describe, expect, test } from 'vitest';
import uiEn from '../i18n/locales/ui/en';

// The first load's grid keys, read before the grid's words are added (i18next merges them into the same object).
const firstLoadKeys = Object.keys(uiEn.grid);
const { GRID_WORDS } = await import('./grid-words');

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the grid\'s words loaded with the grid (grid-words.ts)', () => {
  test.each(['zh', 'es', 'fr', 'it'] as const)('%s has exactly the English keys, each with its placeholders, none left in English', (lang) => {
    const en = GRID_WORDS.en as Record<string, string>;
    const own = GRID_WORDS[lang] as Record<string, string>;
    expect(Object.keys(own).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(own[key].trim(), key).not.toBe('');
      expect(placeholders(own[key]), key).toEqual(placeholders(en[key]));
      expect(own[key], key).not.toBe(en[key]);
    }
  });

  test('none of them is a key the first load already has (they would be overwritten unseen)', () => {
    expect(Object.keys(GRID_WORDS.en).filter((k) => firstLoadKeys.includes(k))).toEqual([]);
  });
});

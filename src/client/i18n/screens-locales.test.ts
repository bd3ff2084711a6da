import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { WORKLISTS } from '../../registry';
import en from './locales/screens/en';
import es from './locales/screens/es';
import fr from './locales/screens/fr';
import it from './locales/screens/it';
import zh from './locales/screens/zh';

/**
 * The `screens` namespace (the bespoke screens' strings): every key in every language, no empty string, the same
 * {{placeholders}}; every key a screen asks for exists in English, and every English key is asked for by a screen.
 */
const LANGS = { en, zh, es, fr, it } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function leaves(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isObject(obj)) return out;
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isObject(v)) for (const [p, leaf] of leaves(v, key)) out.set(p, leaf);
    else out.set(key, v);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*([^}]+?)\s*}}/g)].map((m) => m[1]).sort().join(',');
const english = leaves(en);

describe('screens strings (locales/screens)', () => {
  test.each(Object.keys(LANGS))('%s: every key of en, nothing else, no blank, the same placeholders', (lang) => {
    const strings = leaves(LANGS[lang as keyof typeof LANGS]);
    const missing = [...english.keys()].filter((k) => !strings.has(k));
    const extra = [...strings.keys()].filter((k) => !english.has(k));
    const blank = [...strings].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    const mismatched = [...strings].filter(([k, v]) => english.has(k) && placeholders(String(v)) !== placeholders(String(english.get(k)))).map(([k]) => k);
    expect({ missing, extra, blank, mismatched }, `screens/${lang}.ts`).toEqual({ missing: [], extra: [], blank: [], mismatched: [] });
  });

  test('each worklist has its introduction', () => {
    for (const w of WORKLISTS) expect(english.has(`worklist.intro.${w.id}`), w.id).toBe(true);
  });

  // Keys written out in the screens and their helpers, tests aside ('section.key' literals: t('…') calls and column
  // tables); keys built from a template (an action, a worklist, a result) are checked by their prefix.
  const dir = path.join(__dirname, '../screens');
  // The parts the rooms below share with the screens (docs/architecture.md) ask for these too.
  const shared = ['list-parts/screen-parts.tsx', 'record/log-changes.tsx', 'record/log-actions.ts', 'record/rule-runs.tsx', 'text/calendar-parts.ts', 'text/run-words.ts'].map((f) => path.join(__dirname, '..', f));
  const sources = [...readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts')).map((f) => path.join(dir, f)), ...shared].map((f) => readFileSync(f, 'utf8'));
  const used = new Set(sources.flatMap((src) => [...src.matchAll(/'([a-zA-Z]+\.[a-zA-Z0-9_.]+)'/g)].map((m) => m[1])));
  const literal = [...used].filter((k) => k.split('.')[0] in en);

  test('every key a screen asks for is there', () => {
    expect(literal.filter((k) => !english.has(k))).toEqual([]);
  });

  test('every string is used by a screen', () => {
    const dynamic = ['fmclogs.actions.', 'worklist.intro.', 'worklist.results.', 'runs.jobs.'];
    const unused = [...english.keys()].filter((k) => !used.has(k) && !dynamic.some((p) => k.startsWith(p)));
    expect(unused).toEqual([]);
  });
});

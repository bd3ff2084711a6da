import type { TFunction } from 'i18next';
import { entityByName } from '../../registry';
import { commandKey, type Result } from './results';

// A line's title and kind in the UI language, worked out once per language and command or entity while the page lives
// (as results.ts keeps the commands' words): lines are painted on every key and each opening, and i18next's lookups
// were a good part of that.
const byLanguage = new Map<string, Map<string, string>>();

export function lineTexts(r: Result, t: TFunction, lang: string): { title: string; kind: string } {
  let known = byLanguage.get(lang);
  if (!known) byLanguage.set(lang, (known = new Map()));
  const once = (key: string, text: () => string) => {
    let v = known.get(key);
    if (v === undefined) known.set(key, (v = text()));
    return v;
  };
  if (r.kind === 'command') {
    const { cmd } = r;
    return { title: once(`title ${commandKey(cmd)}`, () => cmd.title(t)), kind: once(`category ${cmd.category}`, () => t(`category.${cmd.category}`)) };
  }
  const { entity } = r.hit;
  return { title: r.hit.title, kind: once(`entity ${entity}`, () => (entityByName(entity) ? t(`${entity}.one`, { ns: 'entities' }) : entity)) };
}

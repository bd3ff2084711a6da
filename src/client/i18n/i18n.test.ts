import type { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { COMMANDS, type Translate } from '../../../commands';
import { ENTITIES, type EntityDef, type FieldDef } from '../../registry';
import entitiesEn from './locales/entities/en';
import entitiesEs from './locales/entities/es';
import entitiesFr from './locales/entities/fr';
import entitiesIt from './locales/entities/it';
import entitiesZh from './locales/entities/zh';
import enumsEn from './locales/enums/en';
import enumsEs from './locales/enums/es';
import enumsFr from './locales/enums/fr';
import enumsIt from './locales/enums/it';
import enumsZh from './locales/enums/zh';
import type { EntityLabels, EntityLabelSet, EnumLabelSet } from './locales/types';
import uiEn from './locales/ui/en';
import uiEs from './locales/ui/es';
import uiFr from './locales/ui/fr';
import uiIt from './locales/ui/it';
import uiZh from './locales/ui/zh';
import validationEs from './locales/validation/es';
import validationFr from './locales/validation/fr';
import validationIt from './locales/validation/it';
import validationZh from './locales/validation/zh';

/**
 * The translations are held against English and against the registry: runs in node, so it reads the locale
 * files themselves (index.ts touches `document`). Every failure names the file, the key and the language.
 */
const LANGS = ['en', 'zh', 'es', 'fr', 'it'] as const;
type Lang = (typeof LANGS)[number];
const OTHERS = LANGS.filter((l) => l !== 'en');

const UI: Record<Lang, unknown> = { en: uiEn, zh: uiZh, es: uiEs, fr: uiFr, it: uiIt };
const ENTITY_LABELS: Record<Lang, EntityLabelSet> = { en: entitiesEn, zh: entitiesZh, es: entitiesEs, fr: entitiesFr, it: entitiesIt };
const ENUM_LABELS: Record<Lang, EnumLabelSet> = { en: enumsEn, zh: enumsZh, es: enumsEs, fr: enumsFr, it: enumsIt };
const VALIDATION: Record<Exclude<Lang, 'en'>, Record<string, string>> = { zh: validationZh, es: validationEs, fr: validationFr, it: validationIt };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every leaf of a nested string object, by its dotted path; a leaf that is not a string is reported as such. */
function leaves(obj: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isObject(obj)) return out;
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (isObject(v)) for (const [p, leaf] of leaves(v, path)) out.set(p, leaf);
    else out.set(path, v);
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*([^}]+?)\s*}}/g)].map((m) => m[1]).sort();

const lookup = (obj: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), obj);

describe('ui strings (locales/ui)', () => {
  const en = leaves(uiEn);

  test('en has only non-empty strings', () => {
    const bad = [...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    expect(bad, 'ui/en.ts: empty or non-string values').toEqual([]);
  });

  test.each(OTHERS)('ui/%s.ts has exactly the keys of en, no empty strings, the same {{placeholders}}', (lang) => {
    const ui = leaves(UI[lang]);
    const missing = [...en.keys()].filter((k) => !ui.has(k));
    const extra = [...ui.keys()].filter((k) => !en.has(k));
    const empty = [...ui].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
    const placeholderMismatch = [...ui]
      .filter(([k, v]) => en.has(k) && typeof v === 'string')
      .filter(([k, v]) => placeholders(v as string).join(',') !== placeholders(en.get(k) as string).join(','))
      .map(([k, v]) => `${k}: en has {${placeholders(en.get(k) as string).join(', ')}}, ${lang} has {${placeholders(v as string).join(', ')}}`);
    expect({ missing, extra, empty, placeholderMismatch }, `ui/${lang}.ts differs from ui/en.ts`).toEqual({ missing: [], extra: [], empty: [], placeholderMismatch: [] });
  });
});

const label = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** What an entity's labels lack in one language: one message per missing label, naming entity and field. */
function missingEntityLabels(lang: Lang, def: EntityDef): string[] {
  const file = `entities/${lang}.ts`;
  const labels: EntityLabels | undefined = ENTITY_LABELS[lang][def.name];
  if (!labels) return [`${file}: entity "${def.name}" has no labels at all`];
  const out: string[] = [];
  if (!label(labels.one)) out.push(`${file}: ${def.name}.one`);
  if (!label(labels.other)) out.push(`${file}: ${def.name}.other`);
  for (const [field, fd] of Object.entries(def.fields)) {
    if (!label(labels.fields?.[field])) out.push(`${file}: ${def.name}.fields.${field}`);
    if (fd.kind !== 'list') continue;
    for (const sub of Object.keys(fd.item ?? {})) {
      if (!label(labels.items?.[field]?.[sub])) out.push(`${file}: ${def.name}.items.${field}.${sub}`);
    }
  }
  return out;
}

/** Enum fields of an entity, nested list items included, as [path, field]. */
function enumFields(def: EntityDef): [string, FieldDef][] {
  const out: [string, FieldDef][] = [];
  const walk = (fields: Record<string, FieldDef>, prefix: string) => {
    for (const [k, fd] of Object.entries(fields)) {
      if (fd.kind === 'enum') out.push([`${prefix}${k}`, fd]);
      if (fd.item) walk(fd.item, `${prefix}${k}.`);
    }
  };
  walk(def.fields, `${def.name}.`);
  return out;
}

describe('registry labels (locales/entities, locales/enums)', () => {
  test.each(LANGS)('entities/%s.ts labels every entity, field and list item field', (lang) => {
    const missing = ENTITIES.flatMap((def) => missingEntityLabels(lang, def));
    expect(missing, `entities/${lang}.ts: ${missing.length} missing labels`).toEqual([]);
  });

  test.each(LANGS)('enums/%s.ts (or the entity\'s own value labels) label every value of every enum field', (lang) => {
    const missing = new Map<string, string[]>();
    for (const def of ENTITIES) {
      for (const [path, fd] of enumFields(def)) {
        for (const v of fd.values ?? []) {
          // Shared, or said by the entity's own field (valueLabel reads that first): a rule's record kinds.
          if (label(ENUM_LABELS[lang][v]) || label(ENTITY_LABELS[lang][def.name]?.values?.[path.slice(def.name.length + 1)]?.[v])) continue;
          missing.set(v, [...(missing.get(v) ?? []), path]);
        }
      }
    }
    const report = [...missing].map(([v, paths]) => `enums/${lang}.ts: "${v}" (used by ${paths.join(', ')})`);
    expect(report, `enums/${lang}.ts: ${report.length} missing values`).toEqual([]);
  });

  test.each(LANGS)('entities/%s.ts: a field\'s own value labels name every value of an enum field of the entity, as en does', (lang) => {
    const problems: string[] = [];
    for (const def of ENTITIES) {
      const own = ENTITY_LABELS[lang][def.name]?.values ?? {};
      const en = ENTITY_LABELS.en[def.name]?.values ?? {};
      const fields = new Map(enumFields(def).map(([p, fd]) => [p.slice(def.name.length + 1), fd]));
      for (const field of new Set([...Object.keys(own), ...Object.keys(en)])) {
        const fd = fields.get(field);
        if (!fd) { problems.push(`${def.name}.values.${field}: no enum field ${field}`); continue; }
        for (const v of fd.values ?? []) if (!label(own[field]?.[v])) problems.push(`${def.name}.values.${field}.${v}`);
        for (const v of Object.keys(own[field] ?? {})) if (!fd.values?.includes(v)) problems.push(`${def.name}.values.${field}.${v}: not a value`);
      }
    }
    expect(problems, `entities/${lang}.ts`).toEqual([]);
  });
});

/**
 * A tiny t(): looks the key up in the language's ui object (or its entity labels for `ns: 'entities'`),
 * with no fallback to English, and records every key it could not find.
 */
function tinyT(lang: Lang, misses: string[]): Translate {
  return (key, options = {}) => {
    const ns = options.ns === 'entities' || options.ns === 'enums' ? options.ns : 'ui';
    const value = ns === 'enums' ? ENUM_LABELS[lang][key] : lookup(ns === 'entities' ? ENTITY_LABELS[lang] : UI[lang], key);
    // A key asked for with a default may be absent (an entity's own label of a value, valueLabel): the default stands.
    if ((typeof value !== 'string' || value === '') && 'defaultValue' in options) return String(options.defaultValue);
    if (typeof value !== 'string' || value === '') {
      misses.push(`${ns}/${lang}.ts: "${key}"`);
      return key;
    }
    return value.replace(/{{\s*([^}]+?)\s*}}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
  };
}

describe('commands (commands/index.ts)', () => {
  test.each(LANGS)('every command has its texts in %s', (lang) => {
    const problems: string[] = [];
    for (const cmd of COMMANDS.values()) {
      const texts: [string, (t: Translate) => string][] = [['title', cmd.title]];
      if (cmd.menuLabel) texts.push(['menuLabel', cmd.menuLabel]);
      for (const p of cmd.params ?? []) {
        texts.push([`param ${p.name} prompt`, p.prompt]);
        if (p.kind === 'choice') for (const c of p.choices()) texts.push([`choice ${c.value}`, c.label]);
      }
      for (const [what, text] of texts) {
        const misses: string[] = [];
        const out = text(tinyT(lang, misses));
        for (const m of misses) problems.push(`${cmd.id} ${what}: ${m} is missing`);
        if (!misses.length && out.trim() === '') problems.push(`${cmd.id} ${what}: empty`);
        if (!misses.length && /{{[^}]*}}/.test(out)) problems.push(`${cmd.id} ${what}: "${out}" keeps a placeholder`);
      }
    }
    expect(problems, `${lang}: ${problems.length} command texts untranslated`).toEqual([]);
  });
});

/* ---- Our own schema messages: read from the registry's zod schemas and entity refinements. ---- */

interface ZodInternals { _zod?: { def?: Record<string, unknown> & { checks?: ZodInternals[]; error?: unknown } } }

function customMessage(error: unknown): string | undefined {
  if (typeof error !== 'function') return undefined;
  const m: unknown = error({});
  if (typeof m === 'string') return m;
  return isObject(m) && typeof m.message === 'string' ? m.message : undefined;
}

/** The custom messages (the ones we wrote, not zod's own) of a schema and of every schema inside it. */
function schemaMessages(schema: unknown, out: Set<string>, seen = new Set<unknown>()): Set<string> {
  const def = (schema as ZodInternals | undefined)?._zod?.def;
  if (!def || seen.has(schema)) return out;
  seen.add(schema);
  const own = customMessage(def.error);
  if (own) out.add(own);
  for (const check of def.checks ?? []) {
    const m = customMessage(check._zod?.def?.error);
    if (m) out.add(m);
  }
  for (const k of ['innerType', 'in', 'out', 'element', 'schema']) if (def[k]) schemaMessages(def[k], out, seen);
  if (isObject(def.shape)) for (const s of Object.values(def.shape)) schemaMessages(s, out, seen);
  if (Array.isArray(def.options)) for (const s of def.options) schemaMessages(s, out, seen);
  return out;
}

/**
 * The messages an entity's refine() can raise, found by running it on probe values: a record whose every
 * read gives a smaller number than the one before (trips every `ordered` rule), and, for each enum field,
 * a record holding only one of its values (trips rules such as "scheduled needs a send time").
 */
function refineMessages(def: EntityDef): Set<string> {
  const out = new Set<string>();
  if (!def.refine) return out;
  const ctx = {
    value: undefined,
    issues: [],
    addIssue: (issue: unknown) => {
      const m = typeof issue === 'string' ? issue : isObject(issue) ? issue.message : undefined;
      if (typeof m === 'string') out.add(m);
    },
  } as unknown as z.RefinementCtx;
  let n = 1_000_000;
  const probes: Record<string, unknown>[] = [{}, new Proxy({}, { get: () => n-- })];
  for (const [path, fd] of enumFields(def)) {
    const field = path.slice(def.name.length + 1);
    if (field.includes('.')) continue;
    for (const v of fd.values ?? []) probes.push({ [field]: v });
  }
  for (const probe of probes) {
    try { def.refine(probe, ctx); } catch { /* a probe it does not expect: the others still count */ }
  }
  return out;
}

/** Every message of ours in the registry, with where it comes from. */
function registryMessages(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (m: string, where: string) => out.set(m, [...(out.get(m) ?? []), where]);
  for (const def of ENTITIES) {
    const walk = (fields: Record<string, FieldDef>, prefix: string) => {
      for (const [k, fd] of Object.entries(fields)) {
        for (const m of schemaMessages(fd.schema, new Set())) add(m, `${prefix}${k}`);
        if (fd.item) walk(fd.item, `${prefix}${k}.`);
      }
    };
    walk(def.fields, `${def.name}.`);
    for (const m of refineMessages(def)) add(m, `${def.name} refine`);
  }
  return out;
}

describe('schema messages (locales/validation)', () => {
  const messages = registryMessages();

  test('the registry has messages of its own to translate', () => {
    expect(messages.has('Enter a phone number of 7 to 15 digits') || messages.has('Use at least 10 characters')).toBe(true);
  });

  test.each(OTHERS)('validation/%s.ts translates every message of the registry', (lang) => {
    const missing = [...messages]
      .filter(([m]) => !label(VALIDATION[lang][m]))
      .map(([m, where]) => `validation/${lang}.ts: "${m}" (${[...new Set(where)].slice(0, 3).join(', ')}${where.length > 3 ? ', …' : ''})`);
    expect(missing, `validation/${lang}.ts: ${missing.length} untranslated messages`).toEqual([]);
  });

  test('the validation files translate the same messages', () => {
    const keys = (lang: Exclude<Lang, 'en'>) => Object.keys(VALIDATION[lang]).sort();
    for (const lang of OTHERS) expect(keys(lang), `validation/${lang}.ts vs validation/zh.ts`).toEqual(keys('zh'));
  });
});

import { SERVER_MESSAGES } from './locales/api-messages/en';
import serverMessagesEs from './locales/api-messages/es';
import serverMessagesFr from './locales/api-messages/fr';
import serverMessagesIt from './locales/api-messages/it';
import serverMessagesZh from './locales/api-messages/zh';

describe('API messages shown to users', () => {
  test.each([['zh', serverMessagesZh], ['es', serverMessagesEs], ['fr', serverMessagesFr], ['it', serverMessagesIt]] as const)('%s translates every one', (_, set) => {
    for (const m of SERVER_MESSAGES) expect(set[m], m).toBeTruthy();
  });
});

import type { Translate } from '../../../../commands';
import { valueLabel } from '../../../../commands/value-label';
import { can, ENTITIES, getEntity, shownKind, type EntityDef, type Language, type Role } from '../../../registry';
import { valueLabels } from '../label-sets';
import { periodPhrases, type Period } from './periods';
import { isHan, tokenize, wordKey } from './tokens';

/** What a phrase of the vocabulary may mean; a phrase may mean several things (a status of two entities). */
export type Meaning =
  | { kind: 'entity'; entity: string }
  | { kind: 'value'; entity: string; field: string; value: string }
  /** A reference field's name ("patient"): the words beside it name that reference. */
  | { kind: 'field'; entity: string; field: string }
  /** A title that says which kind of person follows ("dr"): a reference to `target`. */
  | { kind: 'person'; target: string }
  | { kind: 'period'; period: Period }
  | { kind: 'since' }
  /** "last N days", its number where the template's NUMBER is. */
  | { kind: 'lastDays' };

export interface Phrase { tokens: string[]; meanings: Meaning[] }

export interface Vocabulary {
  /** Phrases by the key of their first word, longest first. */
  byKey: Map<string, Phrase[]>;
  /** The entities the role may list: only these are read. */
  entities: ReadonlySet<string>;
}

/** Where a template's number stands when its words are filed. */
export const NUMBER = '9999';

/** The reference fields a query may name by a person's or a centre's name: list columns pointing at a titled record the role may list. */
export function nameableRefs(def: EntityDef, role: Role | null): string[] {
  return def.columns.filter((field) => {
    const fd = def.fields[field];
    if (shownKind(fd) !== 'ref' || !fd.ref) return false;
    const target = getEntity(fd.ref);
    return can(role, target.name, 'list') && target.titleFields.some((k) => ['text', 'code'].includes(target.fields[k].kind));
  });
}

/** The field of an entity whose days a period filters: its default sort when that is a filterable date, else the first. */
export function periodField(def: EntityDef): string | undefined {
  const dated = Object.entries(def.fields).filter(([, fd]) => fd.filterable && ['date', 'datetime'].includes(shownKind(fd))).map(([k]) => k);
  return dated.includes(def.defaultSort.field) ? def.defaultSort.field : dated[0];
}

const cache = new Map<string, Vocabulary>();

/**
 * The words a query is read with, from the registry and the locale bundles in the user's language and in English
 * (the palette matches both): the names of the entities the role may list, their enum values (in all five languages),
 * their reference fields, and the period words. Built once per role and language.
 */
export function vocabulary(role: Role | null, lang: Language, t: Translate, tEnglish: Translate): Vocabulary {
  const key = `${role}\u0000${lang}`;
  const known = cache.get(key);
  if (known) return known;
  const langs: [Language, Translate][] = lang === 'en' ? [['en', tEnglish]] : [[lang, t], ['en', tEnglish]];
  const phrases = new Map<string, Phrase>();
  const add = (text: string, meaning: Meaning) => {
    const tokens = tokenize(text).map((tk) => tk.text);
    if (!tokens.length) return;
    const id = tokens.join(' ');
    const phrase = phrases.get(id) ?? { tokens, meanings: [] };
    if (!phrase.meanings.some((m) => JSON.stringify(m) === JSON.stringify(meaning))) phrase.meanings.push(meaning);
    phrases.set(id, phrase);
  };

  const readable = ENTITIES.filter((def) => can(role, def.name, 'list'));
  const entityNames = new Map<string, Set<string>>();
  for (const def of readable) {
    const names = new Set<string>();
    for (const [, tr] of langs) for (const n of ['one', 'other']) names.add(tr(`${def.name}.${n}`, { ns: 'entities' }));
    entityNames.set(def.name, names);
    for (const name of names) add(name, { kind: 'entity', entity: def.name });
    for (const field of Object.keys(def.fields)) {
      const fd = def.fields[field];
      if (fd.kind === 'enum' && !fd.namesOthers) {
        for (const value of fd.values ?? []) {
          const meaning: Meaning = { kind: 'value', entity: def.name, field, value };
          for (const [, tr] of langs) { add(valueLabel(tr, def.name, field, value), meaning); add(tr(value, { ns: 'enums' }), meaning); }
          // A value in every language, whichever the console speaks: "completati" and "已完成" read in English too.
          for (const label of valueLabels(def.name, field, value)) add(label, meaning);
          add(value.replace(/_/g, ' '), meaning);
        }
      }
    }
    for (const field of nameableRefs(def, role)) for (const [, tr] of langs) add(tr(`${def.name}.fields.${field}`, { ns: 'entities' }), { kind: 'field', entity: def.name, field });
  }
  // A word or (in Chinese) a part of an entity's name that no other entity's name holds: "tickets" for support tickets.
  const parts = new Map<string, Set<string>>();
  for (const [entity, names] of entityNames) {
    for (const name of names) {
      for (const part of namePieces(name)) parts.set(part, (parts.get(part) ?? new Set()).add(entity));
    }
  }
  for (const [part, owners] of parts) if (owners.size === 1) add(part, { kind: 'entity', entity: [...owners][0] });

  for (const [l, tr] of langs) {
    for (const { phrase, period } of periodPhrases(l)) add(phrase, { kind: 'period', period });
    for (const word of tr('reading.since').split('|')) add(word, { kind: 'since' });
    for (const word of tr('reading.doctorWords').split('|')) add(word, { kind: 'person', target: 'doctor' });
    add(tr('reading.lastDays', { count: NUMBER }), { kind: 'lastDays' });
  }

  const byKey = new Map<string, Phrase[]>();
  for (const phrase of phrases.values()) {
    const k = wordKey(phrase.tokens[0]);
    byKey.set(k, [...(byKey.get(k) ?? []), phrase]);
  }
  for (const list of byKey.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  const built = { byKey, entities: new Set(readable.map((d) => d.name)) };
  cache.set(key, built);
  return built;
}

/** The telling pieces of a name: its words of four letters or more, or the runs of two or more of its Chinese characters. */
function namePieces(name: string): string[] {
  const tokens = tokenize(name).map((tk) => tk.text);
  if (!tokens.every(isHan)) return tokens.length > 1 ? tokens.filter((w) => w.length >= 4) : [];
  const out: string[] = [];
  for (let from = 0; from < tokens.length; from++) for (let to = from + 2; to <= tokens.length; to++) if (to - from < tokens.length) out.push(tokens.slice(from, to).join(''));
  return out;
}

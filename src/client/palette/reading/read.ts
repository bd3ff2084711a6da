import { getEntity } from '../../../registry';
import { STOP_WORDS } from '../../text/fold';
import type { Period } from './periods';
import { sameWord, tokenize, wordKey, type Token } from './tokens';
import { NUMBER, periodField, type Meaning, type Phrase, type Vocabulary } from './vocabulary';

/** A date chrono-node found in the text: where it stands, and the day (YYYY-MM-DD) when it names one. */
export interface FoundDate { from: number; to: number; date: string }

/**
 * What a query says: the entity whose list it asks for, the values of its enum fields, a period of its dated field,
 * and the words left (`words`: each run of them, `field` when a field's name or a title such as "dr" said which
 * reference they name). The words are looked up as references by the caller (use-reading.ts); the rest is search text.
 */
export interface Reading {
  entity: string;
  values: { field: string; value: string }[];
  period?: { field: string; period: Period };
  words: { text: string; field?: string; target?: string }[];
}

interface Match { from: number; to: number; text: string; meanings: Meaning[]; number?: number; date?: string }

/** The longest phrase of the vocabulary at token `i`, with the number a template holds. */
function phraseAt(tokens: Token[], i: number, vocab: Vocabulary): { phrase: Phrase; number?: number } | undefined {
  const first = tokens[i].text;
  const candidates = [...(vocab.byKey.get(wordKey(first)) ?? []), ...(/^\d+$/.test(first) ? vocab.byKey.get(wordKey(NUMBER)) ?? [] : [])]
    .sort((a, b) => b.tokens.length - a.tokens.length);
  // The longest phrase, and of those the one whose words are the ones typed ("verifica" before "verificata").
  let best: { phrase: Phrase; number?: number; exact: number } | undefined;
  for (const phrase of candidates) {
    if (i + phrase.tokens.length > tokens.length || (best && best.phrase.tokens.length > phrase.tokens.length)) continue;
    let number: number | undefined;
    let exact = 0;
    const fits = phrase.tokens.every((w, k) => {
      const typed = tokens[i + k].text;
      if (w === NUMBER && /^\d{1,4}$/.test(typed)) { number = Number(typed); exact++; return true; }
      if (typed === w) { exact++; return true; }
      return sameWord(typed, w);
    });
    if (fits && (!best || exact > best.exact)) best = { phrase, number, exact };
  }
  return best;
}

/**
 * Reads a query with the role's vocabulary; null when it names no entity the role may list (nor values only one
 * such entity has). `dates`: the dates chrono-node found in the same text (a date it reads wins over a month's name).
 */
export function readQuery(query: string, vocab: Vocabulary, dates: readonly FoundDate[] = []): Reading | null {
  const tokens = tokenize(query);
  if (!tokens.length) return null;
  const matches: (Match | Token)[] = [];
  for (let i = 0; i < tokens.length;) {
    const date = dates.find((d) => d.from === tokens[i].from);
    if (date) {
      let j = i;
      while (j < tokens.length && tokens[j].to <= date.to) j++;
      matches.push({ from: tokens[i].from, to: tokens[j - 1].to, text: query.slice(tokens[i].from, tokens[j - 1].to), meanings: [], date: date.date });
      i = j;
      continue;
    }
    const found = phraseAt(tokens, i, vocab);
    if (!found) { matches.push(tokens[i]); i++; continue; }
    const last = tokens[i + found.phrase.tokens.length - 1];
    matches.push({ from: tokens[i].from, to: last.to, text: query.slice(tokens[i].from, last.to), meanings: found.phrase.meanings, number: found.number });
    i += found.phrase.tokens.length;
  }

  const isMatch = (m: Match | Token): m is Match => 'meanings' in m;
  const entity = chooseEntity(matches.filter(isMatch), vocab, matches.every(isMatch));
  if (!entity) return null;
  const def = getEntity(entity);
  const dateField = periodField(def);
  const reading: Reading = { entity, values: [], words: [] };
  // Each item is read, or marks the words beside it, or is left as words.
  const left: number[] = [];
  const markers: { at: number; field?: string; target?: string }[] = [];
  let sinceAt: number | undefined;
  let periodAt: number | undefined;
  let entitySeen = false;
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k];
    if (!isMatch(m)) { left.push(k); continue; }
    const meanings = m.meanings.filter((mm) => !('entity' in mm) || mm.entity === entity);
    if (!entitySeen && meanings.some((mm) => mm.kind === 'entity')) { entitySeen = true; continue; }
    const value = pickValue(meanings, def.workflow?.field);
    if (value && !reading.values.some((v) => v.field === value.field)) { reading.values.push(value); continue; }
    const marker = meanings.find((mm) => mm.kind === 'field' || mm.kind === 'person');
    if (marker?.kind === 'field') { markers.push({ at: k, field: marker.field }); continue; }
    if (marker?.kind === 'person') { markers.push({ at: k, target: marker.target }); continue; }
    if (meanings.some((mm) => mm.kind === 'since')) { sinceAt = k; continue; }
    const period = periodOf(m, meanings);
    if (period && dateField && !reading.period) { reading.period = { field: dateField, period }; periodAt = k; continue; }
    left.push(k);
  }
  // "since" right before (or, in Chinese, after) a date or a month makes it open-ended.
  if (reading.period && sinceAt !== undefined && periodAt !== undefined && Math.abs(sinceAt - periodAt) === 1) {
    const p = reading.period.period;
    if (p.kind === 'date' || p.kind === 'monthOf') reading.period.period = { ...p, since: true };
  } else if (sinceAt !== undefined) left.push(sinceAt);
  left.sort((a, b) => a - b);

  // Runs of words left side by side, the little words at their ends dropped; a marker names the run after it (before
  // it in Chinese, where the title follows the name: "德什潘德医生").
  const runs: { first: number; last: number }[] = [];
  for (const k of left) {
    const prev = runs[runs.length - 1];
    if (prev && prev.last === k - 1) prev.last = k;
    else runs.push({ first: k, last: k });
  }
  for (const run of runs) {
    const text = trimLittleWords(query.slice(matches[run.first].from, matches[run.last].to));
    if (!text) continue;
    const marker = markers.find((mk) => mk.at === run.first - 1) ?? markers.find((mk) => mk.at === run.last + 1);
    reading.words.push({ text, field: marker?.field, target: marker?.target });
  }
  return reading;
}

/** The entity named first; else, when every word was read, the one entity the values read belong to ("missed this week"). */
function chooseEntity(matches: Match[], vocab: Vocabulary, allRead: boolean): string | undefined {
  for (const m of matches) {
    const named = m.meanings.find((mm) => mm.kind === 'entity' && vocab.entities.has(mm.entity));
    if (named && named.kind === 'entity') return named.entity;
  }
  if (!allRead) return undefined;
  let owners: Set<string> | undefined;
  for (const m of matches) {
    const of = new Set(m.meanings.flatMap((mm) => (mm.kind === 'value' && vocab.entities.has(mm.entity) ? [mm.entity] : [])));
    if (!of.size) continue;
    owners = owners ? new Set([...owners].filter((e) => of.has(e))) : of;
  }
  return owners?.size === 1 ? [...owners][0] : undefined;
}

/** A value of the entity, the workflow's status first where a word is a value of two of its fields. */
function pickValue(meanings: Meaning[], statusField: string | undefined): { field: string; value: string } | undefined {
  const values = meanings.flatMap((mm) => (mm.kind === 'value' ? [mm] : []));
  return values.find((v) => v.field === statusField) ?? values[0];
}

function periodOf(m: Match, meanings: Meaning[]): Period | undefined {
  if (m.date) return { kind: 'date', date: m.date, since: false };
  if (meanings.some((mm) => mm.kind === 'lastDays') && m.number) return { kind: 'lastDays', days: m.number };
  const p = meanings.find((mm) => mm.kind === 'period');
  return p && p.kind === 'period' ? p.period : undefined;
}

function trimLittleWords(text: string): string {
  const words = text.trim().split(/\s+/);
  const little = (w: string) => STOP_WORDS.has(tokenize(w)[0]?.text ?? '') || !tokenize(w).length;
  while (words.length && little(words[0])) words.shift();
  while (words.length && little(words[words.length - 1])) words.pop();
  return words.join(' ');
}

import uFuzzy from '@leeoniya/ufuzzy';
import { fold, queryWords, sameWord, STOP_WORDS, wordsOf, type Word } from './fold';

/**
 * The palette's ranking: commands and records on one scale, so a patient whose
 * surname is the word typed comes before a command that only holds its letters somewhere.
 *
 * Every typed word must match a word of the candidate, case and accents folded. How well it matches is a tier:
 *   4 the whole word ("patel" = Patel) · 3 the word's start ("pat" → Patients), or the word in another number or
 *   gender ("completati" → Completato: it counts as the whole word where only whole words count) · 2 inside a word ("ient") ·
 *   1 a typo or an abbreviation of a word ("pateint", "appt" → Appointments; uFuzzy finds these).
 * Within a tier: how much of the word was typed (up to 0.25), the text it came from (an everyday phrase of one word 0.45,
 * the title shown or a name 0.3, others 0.15 or 0.2), the text's first word (0.1), a short text (up to 0.05); the caller adds its own bonus
 * (results.ts: ±0.1) and boost (recently used, under 0.2). A tier counts 1 a word and the bonuses of a lower tier add up to less than the next tier's least, so the kind
 * of match decides first.
 * Texts are of three kinds: the title shown (its matches are highlighted), other texts matched in every way (the
 * English title, keywords, a record's subtitle), and texts matched only word for word (an entity's names in the
 * languages neither shown nor English: "medici" finds Doctors, "med" does not). Everyday phrases ("language", "dark
 * mode" for Change theme…) are matched word for word too: one of a single word weighs most ("language" is Change
 * language…, before the list of languages); a longer one's words weigh as another language's name, and all of them typed
 * add PHRASE (0.3) once ("添加患者", add patient, is the slot calendar's before the worklist whose title holds both
 * words, while "患者" alone stays the patients'). Whole words only, so a phrase never lifts a lower tier past the next.
 */
export interface Texts {
  shown: string;
  /** Names of what the candidate is about (an entity's names), as telling as the title. */
  names?: string[];
  also?: string[];
  exact?: string[];
  /** Everyday phrases naming what it does ("language", "dark mode"): word for word. */
  phrases?: string[];
}

interface IndexedText { text: string; words: Word[]; weight: number; exactOnly: boolean; brevity: number; atStart: number }

const WEIGHT = { shown: 0.3, names: 0.3, also: 0.15, exact: 0.2, phrases: 0.45 };
/** The first word of a title or a name: "Medicines" before "Family medical centres" for "med" (a keyword stands alone). */
const AT_START = 0.1;
/** Every word of an everyday phrase of several words typed. */
const PHRASE = 0.3;

export interface Candidate<T> {
  item: T;
  texts: IndexedText[];
  bonus: number;
  /** The score of a candidate known to match although no word does here (a record the server found by another field). */
  fallback?: number;
  /** The words of its everyday phrases of several words (PHRASE when all of one's are typed). */
  phrases?: string[][];
}

/** Where the typed words were found: ranges [from, to, from, to…] in the title shown, or in another text. */
export interface Ranked<T> { item: T; score: number; ranges: number[]; via?: { text: string; ranges: number[] } }

// The words of every text seen, kept while the page lives: commands share most of their texts (an entity's names, its
// keywords), and the palette reopens on the same ones. Cleared when it grows past what a long session of records fills.
const WORDS = new Map<string, { words: Word[]; brevity: number }>();

function indexText(text: string, weight: number, exactOnly: boolean, atStart = 0): IndexedText {
  let known = WORDS.get(text);
  if (!known) {
    if (WORDS.size > 20_000) WORDS.clear();
    const words = wordsOf(fold(text));
    known = { words, brevity: words.length ? 0.05 / words.length : 0 };
    WORDS.set(text, known);
  }
  return { text, words: known.words, weight, exactOnly, brevity: known.brevity, atStart };
}

export function candidate<T>(item: T, texts: Texts, opts: { bonus?: number; fallback?: number } = {}): Candidate<T> {
  const shown = indexText(texts.shown, WEIGHT.shown, false, AT_START);
  const seen = new Set([shown.text]);
  const out = [shown];
  const add = (list: string[] | undefined, weight: number, exactOnly: boolean, atStart = 0) => {
    for (const text of list ?? []) if (text && !seen.has(text)) { seen.add(text); out.push(indexText(text, weight, exactOnly, atStart)); }
  };
  add(texts.names, WEIGHT.names, false, AT_START);
  add(texts.also, WEIGHT.also, false);
  add(texts.exact, WEIGHT.exact, true);
  // A phrase's words count besides a keyword of the same text ("language" is both): not set aside as seen.
  const phrases: string[][] = [];
  for (const phrase of new Set(texts.phrases)) {
    const indexed = indexText(phrase, WEIGHT.phrases, true, AT_START);
    if (indexed.words.length === 1) out.push(indexed);
    else if (indexed.words.length > 1) {
      out.push({ ...indexed, weight: WEIGHT.exact, atStart: 0 });
      // Its little words are not among the typed words ("changer de langue").
      phrases.push(indexed.words.map((w) => w.text).filter((w) => !STOP_WORDS.has(w)));
    }
  }
  return { item, texts: out, bonus: opts.bonus ?? 0, fallback: opts.fallback, phrases: phrases.length ? phrases : undefined };
}

interface Hit { score: number; exact: boolean; ranges: number[] }
type Hits = Map<string, Hit>;

// uFuzzy over single words, each match at the word's start (interLft 2): one typo (a letter left out, added, changed or
// two swapped, never the first), or the word's letters in order with others between ("appt", "spc").
const typo = new uFuzzy({ intraMode: 1, intraIns: 1, intraSub: 1, intraTrn: 1, intraDel: 1, interLft: 2 });
const abbreviation = new uFuzzy({ intraMode: 0, intraIns: Infinity, interLft: 2 });
const FUZZY_WORD = /^[a-z\d']{3,}$/;

/** What every word of `vocab` scores for the typed word `q` (the words that match at all). */
function wordHits(q: string, vocab: readonly string[]): Hits {
  const hits: Hits = new Map();
  const rest: string[] = [];
  for (const w of vocab) {
    if (w === q) hits.set(w, { score: 4, exact: true, ranges: [0, w.length] });
    else if (w.startsWith(q)) hits.set(w, { score: 3 + 0.25 * (q.length / w.length), exact: false, ranges: [0, q.length] });
    else if (q.length >= 2 && w.includes(q)) {
      const at = w.indexOf(q);
      hits.set(w, { score: 2 + 0.25 * (q.length / w.length), exact: false, ranges: [at, at + q.length] });
    } else if (sameWord(q, w)) hits.set(w, { score: 3.25, exact: true, ranges: [0, w.length] });
    else rest.push(w);
  }
  if (FUZZY_WORD.test(q) && rest.length) {
    for (const uf of [typo, abbreviation]) {
      const idxs = uf.filter(rest, q);
      if (!idxs?.length) continue;
      const info = uf.info(idxs, rest, q);
      info.idx.forEach((i, k) => {
        const w = rest[i];
        if (hits.has(w)) return;
        hits.set(w, { score: 1 + 0.25 * Math.min(1, q.length / w.length), exact: false, ranges: info.ranges[k] });
      });
    }
  }
  return hits;
}

/** How many typed words' hits an index keeps: the commands' index is ranked again on every key and every answer. */
const HITS_KEPT = 32;

/** The words of a set of candidates, computed once for a set that does not change while the palette is open. */
export class Index<T> {
  readonly vocabulary: readonly string[];
  private readonly kept = new Map<string, Hits>();
  constructor(readonly candidates: Candidate<T>[]) {
    const words = new Set<string>();
    for (const c of candidates) for (const t of c.texts) for (const w of t.words) words.add(w.text);
    this.vocabulary = [...words];
  }

  /**
   * What the words of this index score for a typed word. Kept for the last few typed words: when the records of a
   * query arrive, or a letter is taken back, the commands are not matched again (a word scores the same whatever
   * other words are beside it, so an index's hits are its own).
   */
  hits(q: string): Hits {
    let h = this.kept.get(q);
    if (!h) {
      if (this.kept.size >= HITS_KEPT) this.kept.delete(this.kept.keys().next().value!);
      h = wordHits(q, this.vocabulary);
      this.kept.set(q, h);
    }
    return h;
  }
}

/**
 * A candidate's score for the typed words (each must match a word of it), and where they matched. The loops are plain
 * for loops and a match's ranges are copied only for the best one: every command is scored on every key.
 */
function score<T>(c: Candidate<T>, words: readonly string[], hits: readonly Hits[], boost: number): Ranked<T> | null {
  let total = 0;
  const ranges: number[] = [];
  let via: Ranked<T>['via'];
  for (let qi = 0; qi < hits.length; qi++) {
    const byWord = hits[qi];
    let best = 0;
    let bestText: IndexedText | undefined;
    let bestHit: Hit | undefined;
    let bestAt = 0;
    let inShown: Hit | undefined;
    let inShownAt = 0;
    for (let ti = 0; ti < c.texts.length; ti++) {
      const text = c.texts[ti];
      const words = text.words;
      for (let wi = 0; wi < words.length; wi++) {
        const h = byWord.get(words[wi].text);
        if (h === undefined || (text.exactOnly && !h.exact)) continue;
        const s = h.score + text.weight + text.brevity + (wi === 0 ? text.atStart : 0);
        if (s > best) { best = s; bestText = text; bestHit = h; bestAt = words[wi].at; }
        if (ti === 0 && h.score > (inShown?.score ?? 0)) { inShown = h; inShownAt = words[wi].at; }
      }
    }
    if (!bestText || !bestHit) return c.fallback === undefined ? null : { item: c.item, score: c.fallback, ranges: [] };
    total += best;
    // Highlighted where it is shown whenever the title holds the word; else the text that matched is named beside it.
    if (inShown) for (const r of inShown.ranges) ranges.push(r + inShownAt);
    else {
      const found = bestHit.ranges.map((r) => r + bestAt);
      if (!via) via = { text: bestText.text, ranges: found };
      else if (via.text === bestText.text) via.ranges.push(...found);
    }
  }
  if (c.phrases?.some((phrase) => phrase.every((w) => words.includes(w)))) total += PHRASE;
  return { item: c.item, score: total + c.bonus + boost, ranges: mergeRanges(ranges), via: via && { text: via.text, ranges: mergeRanges(via.ranges) } };
}

/** Sorted, overlapping or touching ranges joined: one <mark> per run of matched letters. */
export function mergeRanges(ranges: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i], ranges[i + 1]]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [from, to] of pairs) {
    if (out.length && from <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], to);
    else out.push(from, to);
  }
  return out;
}

/**
 * Ranks the candidates of several indexes together (the commands, the records found), best first; with nothing typed,
 * in the order given. Ties keep that order.
 */
export function rankTogether<T>(indexes: Index<T>[], query: string, opts: { limit?: number; boost?: (item: T) => number } = {}): Ranked<T>[] {
  const { limit = 50, boost } = opts;
  const words = queryWords(query);
  if (!words.length) return indexes.flatMap((ix) => ix.candidates).slice(0, limit).map((c) => ({ item: c.item, score: 0, ranges: [] }));
  const ranked: { r: Ranked<T>; i: number }[] = [];
  let i = 0;
  for (const ix of indexes) {
    const hits = words.map((q) => ix.hits(q));
    for (const c of ix.candidates) {
      const r = score(c, words, hits, boost ? boost(c.item) : 0);
      if (r) ranked.push({ r, i });
      i++;
    }
  }
  ranked.sort((a, b) => b.r.score - a.r.score || a.i - b.i);
  return ranked.slice(0, limit).map((x) => x.r);
}

/** The simple form: items whose texts are a title and others (any match) or a full `Texts`; the matching items, best first. */
export function rank<T>(items: T[], query: string, textsOf: (item: T) => Texts | string[], limit = 50): T[] {
  const index = new Index(items.map((item) => {
    const t = textsOf(item);
    return candidate(item, Array.isArray(t) ? { shown: t[0] ?? '', also: t.slice(1) } : t);
  }));
  return rankTogether([index], query, { limit }).map((r) => r.item);
}

import { fold, queryWords, wordsOf } from '../text/fold';
import { rankTogether, type Index } from '../text/rank';

/**
 * What the palette says when nothing matches every typed word: which words it did understand (each is a whole word,
 * or the start of one, of some line it could list), and the lines nearest to what was typed, for "Did you mean …".
 * Nearest: the lines that match the most typed words, best matched first ("switch theme to purple": Change theme…);
 * when no word matches anything, the lines whose title shares most letter pairs with the text ("langauge" is no typo
 * uFuzzy reads as "language", two letters swapped at the end).
 */
export interface Miss<T> { understood: string[]; nearest: T[] }

/** A word counts as understood from this tier up: the whole word or its start (rank.ts). */
const UNDERSTOOD = 3;
/** The letter pairs a title must share with the text, as a Dice coefficient, to be offered when no word matched. */
const LIKENESS = 0.4;

export function missOf<T>(index: Index<T>, query: string, limit = 3): Miss<T> {
  const words = queryWords(query);
  // The words as typed (folding keeps every letter in its place), for saying them back.
  const typed = wordsOf(fold(query)).map((w) => ({ folded: w.text, shown: query.slice(w.at, w.at + w.text.length) }));
  const understood = words.filter((w) => [...index.hits(w).values()].some((h) => h.score >= UNDERSTOOD));
  const tally = new Map<T, { count: number; score: number; order: number }>();
  for (const w of words) {
    rankTogether([index], w, { limit: 1_000 }).forEach((r, order) => {
      const known = tally.get(r.item) ?? { count: 0, score: 0, order };
      tally.set(r.item, { count: known.count + 1, score: known.score + r.score, order: Math.min(known.order, order) });
    });
  }
  let nearest = [...tally].sort(([, a], [, b]) => b.count - a.count || b.score - a.score || a.order - b.order).map(([item]) => item);
  if (!nearest.length) nearest = alike(index, query);
  return {
    understood: understood.map((w) => typed.find((tw) => tw.folded === w)?.shown ?? w),
    nearest: nearest.slice(0, limit),
  };
}

/** The candidates whose title shares most letter pairs with the text, above LIKENESS. */
function alike<T>(index: Index<T>, query: string): T[] {
  const pairs = letterPairs(query);
  if (!pairs.length) return [];
  return index.candidates
    .map((c, order) => ({ item: c.item, order, likeness: Math.max(...c.texts.map((text) => dice(pairs, letterPairs(text.text)))) }))
    .filter((c) => c.likeness >= LIKENESS)
    .sort((a, b) => b.likeness - a.likeness || a.order - b.order)
    .map((c) => c.item);
}

function letterPairs(text: string): string[] {
  const out: string[] = [];
  for (const word of queryWords(text)) for (let i = 0; i + 1 < word.length; i++) out.push(word.slice(i, i + 2));
  return out;
}

/** Shared pairs over all pairs, each pair counted as often as both have it. */
function dice(a: string[], b: string[]): number {
  if (!a.length || !b.length) return 0;
  const left = new Map<string, number>();
  for (const p of b) left.set(p, (left.get(p) ?? 0) + 1);
  let shared = 0;
  for (const p of a) {
    const n = left.get(p) ?? 0;
    if (n) { shared++; left.set(p, n - 1); }
  }
  return (2 * shared) / (a.length + b.length);
}

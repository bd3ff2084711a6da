/**
 * The palette's own scorer (cmdk runs with shouldFilter=false). Every word of the query must match a text,
 * as a substring (best at a word start) or as a subsequence; a higher score ranks first; 0 means no match.
 */
function wordScore(word: string, text: string): number {
  const at = text.indexOf(word);
  if (at >= 0) {
    const wordStart = at === 0 || /[\s\-_/.(]/.test(text[at - 1]);
    return 100 + (wordStart ? 40 : 0) + (at === 0 ? 20 : 0) - Math.min(at, 40) * 0.5 + word.length * 2;
  }
  // Subsequence: every letter in order; runs and word starts count for more.
  let score = 0;
  let ti = 0;
  let run = 0;
  for (const ch of word) {
    const found = text.indexOf(ch, ti);
    if (found < 0) return 0;
    run = found === ti ? run + 1 : 0;
    const wordStart = found === 0 || /[\s\-_/.(]/.test(text[found - 1]);
    score += 1 + run * 2 + (wordStart ? 4 : 0);
    ti = found + 1;
  }
  return score;
}

export function fuzzyScore(query: string, text: string): number {
  const q = query.trim().toLowerCase();
  if (!q) return 1;
  const t = text.toLowerCase();
  let total = 0;
  for (const word of q.split(/\s+/)) {
    const s = wordScore(word, t);
    if (!s) return 0;
    total += s;
  }
  return total;
}

/** The best score over several texts (the title in the chosen language, in English, the keywords). */
export function bestScore(query: string, texts: string[]): number {
  let best = 0;
  for (const text of texts) best = Math.max(best, fuzzyScore(query, text));
  return best;
}

export function rank<T>(items: T[], query: string, textsOf: (item: T) => string[], limit = 50): T[] {
  if (!query.trim()) return items.slice(0, limit);
  return items
    .map((item, i) => ({ item, i, s: bestScore(query, textsOf(item)) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.item);
}

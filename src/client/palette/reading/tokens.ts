import { fold } from '../fold';

/** A word of what is typed, folded, with where it stands in the text (fold keeps every character in its place). */
export interface Token { text: string; from: number; to: number }

// A Chinese character is a token of its own (no spaces between words there); other letters and digits run into words,
// an apostrophe inside one kept ("aujourd'hui").
const TOKEN = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+(?:'(?:(?!\p{Script=Han})[\p{L}\p{N}])+)*/gu;
const HAN = /^\p{Script=Han}$/u;

/** Folded as the palette folds, with the typographic apostrophe written as the plain one (CLDR writes "aujourd’hui"). */
export const foldText = (text: string) => fold(text).replace(/’/g, "'");

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of foldText(text).matchAll(TOKEN)) out.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  return out;
}

export const isHan = (token: string) => HAN.test(token);

/**
 * The same word, allowing for agreement: "manqués" is the label "Manqué", "urgents" is "Urgente", "aperti" is
 * "Aperta". Words of four letters or more that differ only in their last two letters at most, the typed one no
 * shorter: "reschedule" is a command's word, not the status "Rescheduled".
 */
export function sameWord(typed: string, known: string): boolean {
  if (typed === known) return true;
  if (typed.length < 4 || typed.length < known.length || isHan(typed)) return false;
  const longest = Math.max(typed.length, known.length);
  let common = 0;
  while (common < typed.length && common < known.length && typed[common] === known[common]) common++;
  return common >= 4 && common >= longest - 2;
}

/** The key a word is filed under: words that sameWord joins share it (their first three letters). */
export const wordKey = (word: string) => word.slice(0, 3);

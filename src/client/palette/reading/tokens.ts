import { fold, isHan, sameWord } from '../../text/fold';

export { isHan, sameWord };

/** A word of what is typed, folded, with where it stands in the text (fold keeps every character in its place). */
export interface Token { text: string; from: number; to: number }

// A Chinese character is a token of its own (no spaces between words there); other letters and digits run into words,
// an apostrophe inside one kept ("aujourd'hui").
const TOKEN = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{N}])+(?:'(?:(?!\p{Script=Han})[\p{L}\p{N}])+)*/gu;

/** Folded as the palette folds, with the typographic apostrophe written as the plain one (CLDR writes "aujourd’hui"). */
export const foldText = (text: string) => fold(text).replace(/’/g, "'");

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of foldText(text).matchAll(TOKEN)) out.push({ text: m[0], from: m.index, to: m.index + m[0].length });
  return out;
}

/** The key a word is filed under: words that sameWord joins share it (their first three letters). */
export const wordKey = (word: string) => word.slice(0, 3);

/**
 * Case and accent folding that keeps every character in its place: "Médecins" folds to "medecins", one character for
 * one, so a range found in the folded text highlights the same letters of the text shown.
 */
const MARKS = /\p{M}/gu;
const PLAIN = /^[ -~]*$/; // printable ASCII: lower-casing is all the folding it needs

function foldChar(ch: string): string {
  const folded = ch.normalize('NFD').replace(MARKS, '').toLowerCase();
  // A letter whose folded form is not one character (ß, İ, a ligature) stays as it is, lower-cased where that is safe.
  if (folded.length === 1) return folded;
  const lower = ch.toLowerCase();
  return lower.length === ch.length ? lower : ch;
}

export function fold(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  // Usually every mark stripped belonged to a letter NFD split in two, so the length is kept; else letter by letter.
  const whole = text.normalize('NFD').replace(MARKS, '').toLowerCase();
  if (whole.length === text.length) return whole;
  let out = '';
  // Code units, not code points: a surrogate pair is left alone (and keeps its two units).
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    out += code >= 0xd800 && code <= 0xdfff ? text[i] : foldChar(text[i]);
  }
  return out;
}

export interface Word { text: string; at: number }

const LATIN_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const HAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
let segmenter: Intl.Segmenter | undefined;

/**
 * The words of a folded text with where each starts. Chinese has no spaces between words: it is cut by the
 * browser's word segmenter ("查看患者" → 查看 · 患者), so "患者" matches as a whole word there too.
 */
export function wordsOf(folded: string): Word[] {
  if (HAN.test(folded) && typeof Intl.Segmenter === 'function') {
    segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
    const out: Word[] = [];
    for (const s of segmenter.segment(folded)) if (s.isWordLike) out.push({ text: s.segment, at: s.index });
    return out;
  }
  const out: Word[] = [];
  for (const m of folded.matchAll(LATIN_WORD)) out.push({ text: m[0], at: m.index });
  return out;
}

/**
 * Little words that say nothing of what is looked for, in the console's five languages ("ajouter un médecin", "add a
 * doctor", "mostra le fatture"), folded; in Chinese, the particles the segmenter leaves as words of their own ("切换到
 * 深色主题": 到, to).
 */
export const STOP_WORDS = new Set([
  'a', 'an', 'the', 'of', 'to', 'for', 'in', 'on',
  'un', 'une', 'le', 'la', 'les', 'l', 'de', 'des', 'du', 'd', 'au', 'aux', 'pour',
  'el', 'los', 'las', 'una', 'del', 'al', 'para',
  'il', 'lo', 'gli', 'uno', 'di', 'dei', 'delle', 'della', 'per', 'i',
  '的', '到', '为', '把',
]);

/** The words of what is typed, folded; punctuation between them, and little words beside others, are ignored. */
export function queryWords(query: string): string[] {
  const words = wordsOf(fold(query.trim())).map((w) => w.text);
  const telling = words.filter((w) => !STOP_WORDS.has(w));
  return telling.length ? telling : words;
}

const ONE_HAN = /^\p{Script=Han}$/u;

/** A Chinese character, a word of its own. */
export const isHan = (token: string) => ONE_HAN.test(token);

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

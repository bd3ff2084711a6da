import { fillTemplate, isInboxKind, type InboxKind } from '../registry';
import type { InboxWords } from './inbox-words/types';

/** Where an item's words come from: the console's translations (i18next) or the server's copy of the same words. */
export interface InboxLookup {
  /** The kind's sentence with its placeholders filled from `values`. */
  sentence(kind: InboxKind, values: Record<string, unknown>): string;
  role(role: string): string;
  worklist(id: string): string;
}

/**
 * An inbox item's title in its reader's language, from its kind and parameters (stored as such, never as a
 * sentence): a role by its label, a worklist by its title. Null for a kind this code does not know.
 */
export function inboxTitle(kind: string, params: Record<string, unknown>, words: InboxLookup): string | null {
  if (!isInboxKind(kind)) return null;
  const values: Record<string, unknown> = { ...params };
  if (kind === 'signup') values.role = words.role(String(params.role));
  if (kind === 'worklist') values.title = words.worklist(String(params.worklist));
  return words.sentence(kind, values);
}

/** A lookup over one language's words, English where it lacks one (a role or worklist it does not name). */
export function lookupIn(words: InboxWords, english: InboxWords): InboxLookup {
  const pick = (own: Record<string, string>, fallback: Record<string, string>, key: string) => own[key] ?? fallback[key] ?? key;
  return {
    sentence: (k, values) => fillTemplate(words.kinds[k] ?? english.kinds[k], values),
    role: (r) => pick(words.roles, english.roles, r),
    worklist: (id) => pick(words.worklists, english.worklists, id),
  };
}

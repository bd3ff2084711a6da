import type { Language } from '../../registry';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';
import zh from './zh';
import type { InboxWords } from './types';

/** Every language's inbox words, for the server (the console loads one language at a time, with its other strings). */
export const INBOX_WORDS: Record<Language, InboxWords> = { en, es, fr, it, zh };
export type { InboxWords };

import type { Language } from '../../registry';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';
import zh from './zh';
import type { ValidationWords } from './types';

/** Every language's validation sentences (the console loads one language at a time; the server speaks English). */
export const VALIDATION_WORDS: Record<Language, ValidationWords> = { en, es, fr, it, zh };
export type { ValidationWords };

import type { z } from 'zod';
import { fillTemplate, type FieldDef, type Language } from '../registry';
import { VALIDATION_WORDS, type ValidationWords } from './validation-words';

/**
 * Every issue zod raises, said as a sentence naming its field in the reader's language ("Name is required", "Fee is
 * not a number"), never zod's own "Invalid input: expected string, received undefined". The rule of an issue is chosen
 * here once; the console says it through i18next (client/i18n/zod-messages.ts), the server in English through zod's
 * error maps (server/validation-messages.ts). A schema's own message ("Enter the 6 digits of the pincode") stands.
 */
export type ValidationKey = keyof ValidationWords;

/** What the messages read of a zod 4 issue, as an error map receives it (before zod writes its own message). */
export interface IssueLike {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  divisor?: number;
  keys?: readonly string[];
  path?: readonly PropertyKey[];
}

/** An issue's sentence and the numbers it says. */
export interface Rule { key: ValidationKey; values: Record<string, number | bigint> }

/**
 * The sentence of each issue code when nothing finer is known: the typed record makes a code zod adds a compile error
 * here until it has one.
 */
export const RULE_OF_CODE: Record<z.core.$ZodIssueCode, ValidationKey> = {
  invalid_type: 'invalid',
  too_big: 'invalid',
  too_small: 'invalid',
  invalid_format: 'badFormat',
  not_multiple_of: 'multipleOf',
  unrecognized_keys: 'unknownField',
  invalid_union: 'invalid',
  invalid_key: 'invalid',
  invalid_element: 'invalid',
  invalid_value: 'choose',
  custom: 'invalid',
};

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A number bound of the field: its declaration's, else its schema's (money declares none of its own). */
function bounds(fd: FieldDef | undefined): { min?: number; max?: number } {
  const s = fd?.schema as { minValue?: number | null; maxValue?: number | null } | undefined;
  const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined);
  return { min: finite(fd?.min ?? s?.minValue ?? undefined), max: finite(fd?.max ?? s?.maxValue ?? undefined) };
}

const TYPES: Record<string, ValidationKey> = {
  int: 'notWhole', number: 'notNumber', bigint: 'notWhole', nan: 'notNumber', string: 'notText', boolean: 'notYesNo',
  array: 'notList', tuple: 'notList', set: 'notList', object: 'notGroup', record: 'notGroup', map: 'notGroup', date: 'notDate',
};
const FORMATS: Record<string, ValidationKey> = { email: 'notEmail', url: 'notUrl', date: 'notDate', time: 'notTime', datetime: 'notDateTime' };
const NUMBERS = ['number', 'int', 'bigint'];
const COLLECTIONS = ['array', 'set'];

/** The rule of one issue on a field (`fd` gives a number field's declared range). */
export function issueRule(issue: IssueLike, fd?: FieldDef): Rule {
  const rule = (key: ValidationKey, values: Rule['values'] = {}): Rule => ({ key, values });
  const range = (): Rule => {
    const { min, max } = bounds(fd);
    if (min !== undefined && max !== undefined) return rule('range', { min, max });
    return issue.code === 'too_small' ? rule('atLeast', { min: issue.minimum ?? 0 }) : rule('atMost', { max: issue.maximum ?? 0 });
  };
  const code = (issue.code ?? 'custom') as z.core.$ZodIssueCode;
  // Nothing given where something is needed: required, whatever the kind (a number typed 0 is a value).
  if (code !== 'custom' && code !== 'unrecognized_keys' && blank(issue.input) && typeof issue.input !== 'number') return rule('required');
  switch (code) {
    case 'invalid_type':
      return rule(TYPES[issue.expected ?? ''] ?? RULE_OF_CODE[code]);
    case 'too_big':
      if (issue.origin === 'string') return rule('tooLong', { max: issue.maximum ?? 0 });
      if (NUMBERS.includes(issue.origin ?? '')) return range();
      if (COLLECTIONS.includes(issue.origin ?? '')) return rule('tooMany', { max: issue.maximum ?? 0 });
      if (issue.origin === 'date') return rule('tooLate');
      return rule(RULE_OF_CODE[code]);
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? rule('required') : rule('tooShort', { min: issue.minimum ?? 0 });
      if (NUMBERS.includes(issue.origin ?? '')) return range();
      if (COLLECTIONS.includes(issue.origin ?? '')) return rule('tooFew', { min: issue.minimum ?? 0 });
      if (issue.origin === 'date') return rule('tooEarly');
      return rule(RULE_OF_CODE[code]);
    case 'not_multiple_of': {
      const places = issue.divisor && issue.divisor < 1 ? Math.round(-Math.log10(issue.divisor)) : NaN;
      return Number.isInteger(places) && 10 ** -places === issue.divisor ? rule('decimals', { places }) : rule('multipleOf', { divisor: issue.divisor ?? 1 });
    }
    case 'invalid_format':
      return rule(FORMATS[issue.format ?? ''] ?? RULE_OF_CODE[code]);
    default:
      return rule(RULE_OF_CODE[code] ?? 'invalid');
  }
}

/** English numbers in the Indian way (1,00,000), as the rest of the console shows them. */
const numberLocale = (lang: string) => (lang === 'en' ? 'en-IN' : lang);

/** The rule's numbers as the language writes them. */
export function ruleValues(rule: Rule, lang: string): Record<string, string> {
  const nf = new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: 6 });
  return Object.fromEntries(Object.entries(rule.values).map(([k, v]) => [k, nf.format(v)]));
}

/** The sentence of a rule in a language, naming the field by `label` (the server's; the console says it through i18next). */
export function ruleSentence(rule: Rule, label: string, lang: Language): string {
  return fillTemplate(VALIDATION_WORDS[lang][rule.key], { field: label, ...ruleValues(rule, lang) });
}

/** A field name for a path no label is known for: `consultationFee` → "Consultation fee", `values.scheduledAt` → "Scheduled at". */
export function plainName(path: readonly PropertyKey[]): string {
  const last = [...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p));
  if (typeof last !== 'string' || !last) return 'This value';
  const words = last.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

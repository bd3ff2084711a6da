import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../registry';
import { issueRule, plainName, RULE_OF_CODE, ruleSentence, type IssueLike } from './validation-message';
import { VALIDATION_WORDS } from './validation-words';

/**
 * Every issue zod can raise is said as a sentence naming its field, in each of the five languages: never zod's own
 * "Invalid input: expected string, received undefined". The issues come from real parses (the input reported, as the
 * error maps see it), one per issue code.
 */
const ZOD_WORDS = /invalid input|expected|received|too (big|small):/i;

/** One issue of a code, as the parse of `value` by `schema` raises it on the field `fee`. */
function issueOf(schema: z.ZodType, value: unknown): IssueLike {
  const r = z.object({ fee: schema }).safeParse({ fee: value }, { reportInput: true });
  if (r.success) throw new Error('the value passed');
  return r.error.issues[0] as IssueLike;
}

const ISSUES: Record<z.core.$ZodIssueCode, IssueLike> = {
  invalid_type: issueOf(z.number(), 'abc'),
  too_big: issueOf(z.string().max(3), 'abcd'),
  too_small: issueOf(z.number().min(5), 1),
  invalid_format: issueOf(z.email(), 'not-an-address'),
  not_multiple_of: issueOf(z.number().multipleOf(0.01), 1.234),
  unrecognized_keys: issueOf(z.strictObject({}), { extra: 1 }),
  invalid_union: issueOf(z.union([z.string(), z.number()]), true),
  invalid_key: issueOf(z.record(z.string().min(2), z.string()), { a: 'x' }),
  // A map's or set's member refused as a whole: no schema of the console raises it; said all the same.
  invalid_element: { code: 'invalid_element', origin: 'map', path: ['fee'], input: new Map() },
  invalid_value: issueOf(z.enum(['cash', 'card']), 'cheque'),
  custom: issueOf(z.string().refine(() => false), 'x'),
};

describe('the validation sentences', () => {
  test('every language has every sentence, each naming the field with the placeholders of the English one', () => {
    const en = VALIDATION_WORDS.en;
    const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES) {
      const words = VALIDATION_WORDS[lang];
      expect(Object.keys(words).sort(), lang).toEqual(Object.keys(en).sort());
      for (const [key, sentence] of Object.entries(words)) {
        expect(placeholders(sentence), `${lang}.${key}`).toEqual(placeholders(en[key as keyof typeof en]));
        expect(sentence, `${lang}.${key}`).toContain('{{field}}');
        if (lang !== 'en') expect(sentence, `${lang}.${key} is translated`).not.toBe(en[key as keyof typeof en]);
      }
    }
  });

  test.each(Object.keys(RULE_OF_CODE))('%s: a sentence in each of the five languages, naming the field', (code) => {
    const issue = ISSUES[code as z.core.$ZodIssueCode];
    expect(issue.code).toBe(code);
    const rule = issueRule(issue);
    const said = new Set<string>();
    for (const lang of LANGUAGES) {
      const sentence = ruleSentence(rule, 'Fee', lang);
      expect(sentence, lang).toContain('Fee');
      expect(sentence, lang).not.toMatch(ZOD_WORDS);
      expect(sentence, lang).not.toMatch(/{{|}}/);
      said.add(sentence);
    }
    expect(said.size, 'five languages, five sentences').toBe(LANGUAGES.length);
  });

  test('the sentences of the common cases', () => {
    const say = (issue: IssueLike) => ruleSentence(issueRule(issue), 'Fee', 'en');
    expect(say(issueOf(z.number(), undefined))).toBe('Fee is required');
    expect(say(issueOf(z.string(), null))).toBe('Fee is required');
    expect(say(ISSUES.invalid_type)).toBe('Fee is not a number');
    expect(say(issueOf(z.string(), 5))).toBe('Fee must be text');
    expect(say(issueOf(z.boolean(), 'yes'))).toBe('Fee must be yes or no');
    expect(say(issueOf(z.array(z.number()), 5))).toBe('Fee must be a list');
    expect(say(ISSUES.too_big)).toBe('Fee is too long (at most 3 characters)');
    expect(say(issueOf(z.number().max(100000), 200000))).toBe('Fee must be at most 1,00,000');
    expect(say(ISSUES.not_multiple_of)).toBe('Fee can have at most 2 decimal places');
    expect(say(ISSUES.invalid_value)).toBe('Choose one of the options for Fee');
    expect(say(ISSUES.invalid_format)).toBe('Fee is not an email address');
    expect(say(issueOf(z.iso.date(), '2026-13-45'))).toBe('Fee is not a date');
    expect(ruleSentence(issueRule(ISSUES.too_small), 'Tarif', 'fr')).toBe('Le champ « Tarif » doit valoir au moins 5');
  });

  test('a field with no label is named by its key in words', () => {
    expect(plainName(['values', 'scheduledAt'])).toBe('Scheduled at');
    expect(plainName(['clinics', 0, 'city'])).toBe('City');
    expect(plainName(['gst_code'])).toBe('Gst code');
    expect(plainName([])).toBe('This value');
  });
});

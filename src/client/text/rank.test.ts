import { describe, expect, it, test } from 'vitest';
import { COMMANDS, isAllowed } from '../../../commands';
import type { Language, RecentUse } from '../../registry';
import { fold, queryWords, wordsOf } from './fold';
import { candidate, Index, mergeRanges, rank, rankTogether } from './rank';
import { commandIndex, rankResults, recentBoost, resultKey } from '../palette/results';
import { frecency } from '../state/recents';
import { translator } from '../palette/test-helpers';
import type { SearchHit } from '../api/search';

/** What the superadmin's palette offers with nothing in view (the largest role; transitions need a record in view). */
const COMMANDS_OF_SUPERADMIN = [...COMMANDS.values()].filter((c) => isAllowed(c, 'superadmin') && !c.when);

const patient = (id: number, name: string): SearchHit => ({
  entity: 'patients', id, title: name, subtitle: `+91 98765 ${String(id).padStart(5, '0')} · ${name.toLowerCase().replace(' ', '.')}@example.in`,
});
/** The record search (api/search.ts) as the server answers on the demo data: title prefix first, then trigram similarity. */
const SERVER: Record<string, SearchHit[]> = {
  patel: ['Aarav Patel', 'Diya Patel', 'Ishaan Patel', 'Kavya Patel', 'Rohan Patel', 'Saanvi Patel'].map((n, i) => patient(101 + i, n)),
  shah: [patient(201, 'Meera Shah')],
  med: [patient(301, 'Ahmed Khan'), { entity: 'fmc', id: 7, title: 'MedLife Family Clinic', subtitle: 'Pune' }],
  pat: ['Aarav Patel', 'Diya Patel', 'Ishaan Patel', 'Kavya Patel', 'Rohan Patel', 'Saanvi Patel'].map((n, i) => patient(101 + i, n)),
  // Found by the city in the search text, not by its title or subtitle.
  mumbai: [patient(401, 'Kiran Rao')],
};

function ranked(lang: Language, query: string, opts: { recent?: RecentUse[] } = {}) {
  const index = commandIndex(COMMANDS_OF_SUPERADMIN, translator(lang), translator('en'), lang);
  const boost = opts.recent ? recentBoost(opts.recent, (u) => frecency(u, NOW)) : undefined;
  return rankResults(index, SERVER[query] ?? [], query, { limit: 30, boost });
}
const keys = (lang: Language, query: string) => ranked(lang, query).map((r) => resultKey(r.item));
const NOW = Date.UTC(2025, 0, 15, 12);

/**
 * Issue 10: the queries a user typed, keyboard only, in English and French on the demo data, and what each must put
 * first; `never`: what must not be listed at all (another language's loose match), `before`: an order that must hold.
 */
const CASES: { lang: Language; query: string; first: string | undefined; never?: RegExp; before?: [string, string] }[] = [
  { lang: 'en', query: 'patel', first: 'patients:101', never: /^relationships\./ },
  { lang: 'fr', query: 'patel', first: 'patients:101', never: /^relationships\./ },
  { lang: 'en', query: 'payments', first: 'payment.list.recent', never: /^fmc\./ },
  { lang: 'fr', query: 'paiements', first: 'payment.list.recent', never: /^fmc\./ },
  { lang: 'en', query: 'med', first: 'medicine.list', never: /^doctor\./, before: ['medicine.list', 'patients:301'] },
  { lang: 'en', query: 'shah', first: 'patients:201', never: /^ui\.shortcuts$/ },
  // Accents and case folded: typed without the accent, found in the French title.
  { lang: 'fr', query: 'medecin', first: 'doctor.list' },
  { lang: 'fr', query: 'MÉDECINS', first: 'doctor.list' },
  // Another language only word for word: the Italian and Spanish names of doctors and relationships.
  { lang: 'en', query: 'medici', first: 'doctor.list' },
  { lang: 'en', query: 'medi', first: 'medicine.list', never: /^doctor\./ },
  { lang: 'en', query: 'parentela', first: 'relationships.list' },
  { lang: 'en', query: 'parent', first: undefined, never: /^relationships\./ },
  { lang: 'zh', query: '患者', first: 'patients.list' },
  // A typo, an abbreviation, two words.
  { lang: 'en', query: 'pateint', first: 'patients.list' },
  { lang: 'en', query: 'appt', first: 'appointments.list.all' },
  { lang: 'en', query: 'sign out', first: 'session.signOut' },
  { lang: 'en', query: 'pat', first: 'patients.list', before: ['patients.list', 'patients:101'] },
];

describe('the palette ranking (issue 10): the query and what it must put first', () => {
  test.each(CASES)('$lang "$query" → $first', ({ lang, query, first, never, before }) => {
    const list = keys(lang, query);
    expect(list[0], list.slice(0, 5).join(', ')).toBe(first);
    if (never) expect(list.filter((k) => never.test(k))).toEqual([]);
    if (before) expect(list.indexOf(before[0])).toBeLessThan(list.indexOf(before[1]) === -1 ? Infinity : list.indexOf(before[1]));
  });

  it('lists the six Patel patients before anything else', () => {
    expect(keys('en', 'patel').slice(0, 6)).toEqual(SERVER.patel.map((h) => `patients:${h.id}`));
  });

  it('keeps a record the server found by another field (a city), after every word match', () => {
    const list = keys('en', 'mumbai');
    expect(list).toContain('patients:401');
    expect(list.at(-1)).toBe('patients:401');
  });

  it('finds nothing for a word of no language', () => {
    expect(keys('en', 'xqzw')).toEqual([]);
  });
});

describe('highlighting', () => {
  it('marks the typed letters in the title shown', () => {
    const r = ranked('en', 'pat').find((x) => resultKey(x.item) === 'patients.list')!;
    expect(r.ranges).toEqual([5, 8]); // Open [Pat]ients
  });
  it('marks them through the accent (French, typed without it)', () => {
    const r = ranked('fr', 'medecin')[0];
    expect(r.item.kind === 'command' && r.item.cmd.title(translator('fr'))).toBe('Ouvrir Médecins');
    expect(r.ranges).toEqual([7, 14]); // Ouvrir [Médecin]s
  });
  it('names the text found when the title does not hold the word (another language), marked there', () => {
    const r = ranked('en', 'medici')[0];
    expect(r.ranges).toEqual([]);
    expect(r.via).toEqual({ text: 'Medici', ranges: [0, 6] });
  });
  it('marks a surname in a record title and every typed word', () => {
    expect(ranked('en', 'patel')[0].ranges).toEqual([6, 11]); // Aarav [Patel]
    const two = rankTogether([new Index([candidate('x', { shown: 'Mark appointment completed' })])], 'mark compl');
    expect(two[0].ranges).toEqual([0, 4, 17, 22]);
  });
  it('joins touching ranges', () => {
    expect(mergeRanges([5, 8, 0, 2, 2, 3, 7, 9])).toEqual([0, 3, 5, 9]);
  });
});

describe('recently used', () => {
  const use = (id: string, count: number, hoursAgo: number): RecentUse => ({ kind: 'command', id, at: NOW - hoursAgo * 3_600_000, count });

  it('raise a command among equals', () => {
    const plain = keys('en', 'payments');
    const withRecent = ranked('en', 'payments', { recent: [use('payment.list.rejected', 5, 1)] }).map((r) => resultKey(r.item));
    expect(plain[0]).not.toBe('payment.list.rejected');
    expect(withRecent[0]).toBe('payment.list.rejected');
  });
  it('never above a better kind of match (an exact surname over a recent prefix)', () => {
    const list = ranked('en', 'patel', { recent: [use('patients.list', 1000, 0)] }).map((r) => resultKey(r.item));
    expect(list[0]).toBe('patients:101');
  });
});

describe('folding and words', () => {
  it.each([
    ['Médecins', 'medecins'], ['ÇA', 'ça'.normalize('NFD').replace(/\p{M}/gu, '')], ['Straße', 'straße'], ['Gradi di parentela', 'gradi di parentela'], ['患者', '患者'],
  ])('%s folds to %s, same length', (text, folded) => {
    expect(fold(text)).toBe(folded);
    expect(fold(text)).toHaveLength(text.length);
  });
  it('cuts Chinese into words', () => {
    expect(wordsOf(fold('查看患者')).map((w) => w.text)).toContain('患者');
  });
  it('reads the typed words without punctuation', () => {
    expect(queryWords('  Sign-out, now ')).toEqual(['sign', 'out', 'now']);
    // Little words beside others say nothing of what is looked for, in each language; alone they are kept.
    expect(queryWords('add a doctor')).toEqual(['add', 'doctor']);
    expect(queryWords('Ajouter un médecin')).toEqual(['ajouter', 'medecin']);
    expect(queryWords('añadir un médico')).toEqual(['anadir', 'medico']);
    expect(queryWords('aggiungi il medico')).toEqual(['aggiungi', 'medico']);
    expect(queryWords('the')).toEqual(['the']);
  });
});

describe('rank (the simple form, for choices and record options)', () => {
  const items = ['Add Speciality', 'Open Specialities', 'Open Cities', 'Sign out'];
  it('keeps only matches, best first', () => {
    expect(rank(items, 'speci', (s) => [s])).toEqual(['Add Speciality', 'Open Specialities']);
  });
  it('matches any of the texts (a title in another language, or English)', () => {
    expect(rank(['x'], 'ville', () => ['Villes', 'Cities'])).toEqual(['x']);
  });
  it('prefers a word start over the inside of a word', () => {
    expect(rank(['Publicities', 'Open Cities'], 'citi', (s) => [s])).toEqual(['Open Cities', 'Publicities']);
  });
  it('matches abbreviations word by word', () => {
    expect(rank(items, 'opn spc', (s) => [s])).toEqual(['Open Specialities']);
  });
  it('caps the number of results, in the order given when nothing is typed', () => {
    const many = Array.from({ length: 100 }, (_, i) => `item ${i}`);
    expect(rank(many, '', (s) => [s], 10)).toEqual(many.slice(0, 10));
  });
});

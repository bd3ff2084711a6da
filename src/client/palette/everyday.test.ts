import { describe, expect, it, test } from 'vitest';
import { COMMANDS, isAllowed } from '../../../commands';
import { LANGUAGES, type Language, type Role } from '../../registry';
import { missOf } from './miss';
import { namedChoice } from './named-choice';
import { readQuery } from './reading/read';
import { translate } from './reading/test-i18n';
import { vocabulary } from './reading/vocabulary';
import { commandIndex, rankResults, resultKey, type Result } from './results';
import { translator } from './test-helpers';

/** What a role's palette offers with nothing in view (transitions need a record in view). */
const commandsOf = (role: Role) => [...COMMANDS.values()].filter((c) => isAllowed(c, role) && !c.when);
const ranked = (role: Role, lang: Language, query: string) =>
  rankResults(commandIndex(commandsOf(role), translator(lang), translator('en'), lang), [], query, { limit: 10 }).map((r) => resultKey(r.item));

/** The words people type for the everyday commands, in each language, and the command each must put first. */
const EVERYDAY: Record<string, { first: Record<Role, string | undefined> | string; says: Record<Language, string> }> = {
  today: {
    // The screen that opens on today: the fmc dashboard's figures for a centre's staff, the calendar for an admin.
    first: { superadmin: 'screen.fmcDashboard', admin: 'screen.appointmentCalendar', fmc: 'screen.fmcDashboard', doctor: 'screen.fmcDashboard', railway: undefined },
    says: { en: 'today', it: 'oggi', fr: "aujourd'hui", es: 'hoy', zh: '今天' },
  },
  language: { first: 'ui.language', says: { en: 'language', it: 'lingua', fr: 'langue', es: 'idioma', zh: '语言' } },
  changeLanguage: { first: 'ui.language', says: { en: 'change language', it: 'cambia lingua', fr: 'changer de langue', es: 'cambiar idioma', zh: '更改语言' } },
  darkMode: { first: 'ui.theme', says: { en: 'dark mode', it: 'modalità scura', fr: 'mode sombre', es: 'modo oscuro', zh: '深色模式' } },
  switchTheme: { first: 'ui.theme', says: { en: 'switch theme to dark', it: 'passa al tema scuro', fr: 'passer au thème sombre', es: 'cambiar el tema a oscuro', zh: '切换到深色主题' } },
  // No role adds a patient here (they sign up in the app): a centre books one into a slot.
  addPatient: { first: 'screen.slotCalendar', says: { en: 'add patient', it: 'aggiungi paziente', fr: 'ajouter un patient', es: 'añadir paciente', zh: '添加患者' } },
};

describe('everyday words find the right command first, in every language', () => {
  const cases = Object.entries(EVERYDAY).flatMap(([name, c]) => LANGUAGES.flatMap((lang) =>
    (['superadmin', 'admin', 'fmc', 'doctor', 'railway'] as Role[])
      .filter((role) => typeof c.first === 'object' || commandsOf(role).some((cmd) => cmd.id === c.first))
      .map((role) => ({ name, lang, role, query: c.says[lang], first: typeof c.first === 'string' ? c.first : c.first[role] }))));
  test.each(cases)('$lang $role “$query” → $first', ({ lang, role, query, first }) => {
    const list = ranked(role, lang, query);
    expect(list[0], list.slice(0, 4).join(', ')).toBe(first);
  });

  it('"language" alone is Change language…, though it is the list of languages’ name too; "languages" is that list', () => {
    expect(ranked('superadmin', 'en', 'language').slice(0, 2)).toEqual(['ui.language', 'languages.list']);
    expect(ranked('superadmin', 'en', 'languages')[0]).toBe('languages.list');
  });

  it('a word of a phrase of several words weighs no more than a name: "patient" stays the patients’', () => {
    for (const lang of LANGUAGES) expect(ranked('superadmin', lang, ({ en: 'patient', it: 'paziente', fr: 'patient', es: 'paciente', zh: '患者' })[lang])[0]).toBe('patients.list');
  });
});

/** "Completed" (appointments) in each language, as people type it: plural, folded, or the label itself. */
const COMPLETED: Record<Language, string> = { en: 'completed', it: 'completati', fr: 'terminés', es: 'completadas', zh: '已完成' };
const MISSED: Record<Language, string> = { en: 'missed', it: 'saltati', fr: 'manqués', es: 'perdidas', zh: '未到' };
const APPOINTMENTS: Record<Language, string> = { en: 'appointments', it: 'appuntamenti', fr: 'rendez-vous', es: 'citas', zh: '预约' };

describe('the status words of every language are understood in every language', () => {
  const pairs = LANGUAGES.flatMap((ui) => LANGUAGES.map((typed) => ({ ui, typed })));
  test.each(pairs)('console in $ui, status typed in $typed', ({ ui, typed }) => {
    const vocab = vocabulary('superadmin', ui, translate(ui), translate('en'));
    for (const [status, words] of [['completed', COMPLETED], ['missed', MISSED]] as const) {
      const r = readQuery(`${APPOINTMENTS[ui]} ${words[typed]}`, vocab);
      expect(r && { entity: r.entity, values: r.values.map((v) => ({ field: v.field, value: v.value })), words: r.words }, `${APPOINTMENTS[ui]} ${words[typed]}`)
        .toEqual({ entity: 'appointments', values: [{ field: 'status', value: status }], words: [] });
    }
  });

  test.each(pairs)('console in $ui: “$typed” status word alone finds the lists of that status', ({ ui, typed }) => {
    expect(ranked('superadmin', ui, COMPLETED[typed]).slice(0, 2).sort()).toEqual(['appointments.list.completed', 'payment.list.completed']);
  });
});

describe('a miss says what was understood and offers the nearest commands', () => {
  const PURPLE: Record<Language, { query: string; understood: string }> = {
    en: { query: 'switch theme to purple', understood: 'theme' },
    it: { query: 'cambia tema viola', understood: 'tema' },
    fr: { query: 'changer de thème violet', understood: 'thème' },
    es: { query: 'cambiar tema morado', understood: 'tema' },
    zh: { query: '切换紫色主题', understood: '主题' },
  };
  test.each([...LANGUAGES])('%s: a theme of no name → understood the theme, Change theme… first', (lang) => {
    const index = commandIndex(commandsOf('superadmin'), translator(lang), translator('en'), lang);
    const { query, understood } = PURPLE[lang];
    expect(rankResults(index, [], query)).toEqual([]);
    const miss = missOf(index, query);
    expect(miss.understood).toContain(understood);
    expect(miss.nearest.map((r: Result) => resultKey(r))[0]).toBe('ui.theme');
  });

  it('a word of no language understands nothing and offers nothing', () => {
    const index = commandIndex(commandsOf('superadmin'), translator('en'), translator('en'), 'en');
    expect(missOf(index, 'xqzwv')).toEqual({ understood: [], nearest: [] });
  });

  it('a word misspelt past what a typo reads is still offered by its likeness', () => {
    const index = commandIndex(commandsOf('superadmin'), translator('en'), translator('en'), 'en');
    expect(rankResults(index, [], 'lagnauge')).toEqual([]);
    expect(missOf(index, 'lagnauge').nearest.map((r: Result) => resultKey(r))).toContain('ui.language');
    expect(rankResults(index, [], 'spesialty')).toEqual([]);
    expect(missOf(index, 'spesialty').nearest.map((r: Result) => resultKey(r))[0]).toBe('speciality.list');
  });
});

describe('a choice named in the words is taken, its page not asked', () => {
  const cmd = (id: string) => COMMANDS.get(id)!;
  const t = translator('en');
  it('names one theme or language, in the language shown or English', () => {
    expect(namedChoice(cmd('ui.theme'), 'switch theme to dark', 'admin', t, t)?.value).toBe('dark');
    expect(namedChoice(cmd('ui.theme'), 'light mode', 'admin', t, t)?.value).toBe('themedefault');
    expect(namedChoice(cmd('ui.theme'), 'passa al tema scuro', 'admin', translator('it'), t)?.value).toBe('dark');
    expect(namedChoice(cmd('ui.language'), 'language italian', 'admin', t, t)?.value).toBe('it');
    expect(namedChoice(cmd('ui.language'), '切换语言 english', 'admin', translator('zh'), t)?.value).toBe('en');
  });
  it('names none when the words name none, or several', () => {
    expect(namedChoice(cmd('ui.theme'), 'change theme', 'admin', t, t)).toBeUndefined();
    expect(namedChoice(cmd('ui.language'), 'change language', 'admin', t, t)).toBeUndefined();
    expect(namedChoice(cmd('ui.theme'), 'dark light', 'admin', t, t)).toBeUndefined();
  });
  it('never a choice the role may not take', () => {
    expect(namedChoice(cmd('list.exportPick'), 'export patients', 'admin', t, t)?.value).toBe('patients');
    expect(namedChoice(cmd('list.exportPick'), 'export patients', 'railway', t, t)).toBeUndefined();
  });
});

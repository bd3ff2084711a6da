import i18next, { type TFunction } from 'i18next';
import { describe, expect, test } from 'vitest';
import screensEn from '../i18n/locales/screens/en';
import screensEs from '../i18n/locales/screens/es';
import screensFr from '../i18n/locales/screens/fr';
import screensIt from '../i18n/locales/screens/it';
import screensZh from '../i18n/locales/screens/zh';
import { actionLabel, BASE_ACTIONS } from './log-actions';

const SCREENS = { en: screensEn, fr: screensFr, es: screensEs, it: screensIt, zh: screensZh } as const;

/** A `screens` t in one language, as the activity log gets it (English behind, as in the console). */
function screensT(lang: keyof typeof SCREENS): TFunction {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: lang, fallbackLng: 'en', initAsync: false, resources: Object.fromEntries(Object.entries(SCREENS).map(([l, s]) => [l, { screens: s }])) });
  return i18n.getFixedT(lang, 'screens');
}

/**
 * The activity log names each entry's action in the user's language. An action without a label shows its code
 * (`read_export`), so each action the server writes is listed here: the export writes `read_export` (crud/export.ts).
 */
describe('actionLabel', () => {
  const noUi = ((key: string) => key) as unknown as TFunction;
  test.each(Object.keys(SCREENS) as (keyof typeof SCREENS)[])('%s: every action the filter offers has its own words, the export too', (lang) => {
    const t = screensT(lang);
    expect(BASE_ACTIONS).toContain('read_export');
    for (const action of BASE_ACTIONS) {
      const label = actionLabel(t, noUi, { action, entity: 'patients' });
      expect(label, action).not.toBe(action);
      expect(label, action).toBe((SCREENS[lang].fmclogs.actions as Record<string, string>)[action]);
    }
  });

  test.each(Object.keys(SCREENS) as (keyof typeof SCREENS)[])('%s: a move and its undo read apart, each naming the move', (lang) => {
    const t = screensT(lang);
    const actions = SCREENS[lang].fmclogs.actions as Record<string, string>;
    const moved = actionLabel(t, noUi, { action: 'transition:complete', entity: 'appointments' });
    const undone = actionLabel(t, noUi, { action: 'transition-undo:complete', entity: 'appointments' });
    expect(moved).toBe(`${actions.transition}: transition.appointments.complete`);
    expect(undone).toBe(`${actions.transitionUndo}: transition.appointments.complete`);
    expect(actions.transitionUndo).not.toBe(actions.transition);
  });

  test('a CSV export reads as one', () => {
    expect(actionLabel(screensT('en'), noUi, { action: 'read_export', entity: 'patients' })).toBe('Exported to CSV');
    expect(actionLabel(screensT('fr'), noUi, { action: 'read_export', entity: 'patients' })).toBe('Exportée en CSV');
  });
});

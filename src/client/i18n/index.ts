import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NETWORK_MESSAGE, STATUS_MESSAGE } from './client-messages';
import { z } from 'zod';
import { en as zEn } from 'zod/locales';
import entitiesEn from './locales/entities/en';
import enumsEn from './locales/enums/en';
import uiEn from './locales/ui/en';
import { localDay, matchMessage } from './message-patterns';

/**
 * Namespaces: translation (interface), entities (labels), enums (enum values), validation (our schema and API messages,
 * keyed by their English text), screens (the bespoke screens). English is always here (the fallback, and the palette
 * matches English titles too); another language's strings load when a user chooses it, so a first load carries one.
 * The bespoke screens' English strings come with the first of those screens (loadScreenStrings).
 */
const ENGLISH = { translation: uiEn, entities: entitiesEn, enums: enumsEn, validation: {} };

interface Bundle { resources: Record<string, object>; zodLocale: () => unknown }
const BUNDLES = {
  zh: () => import('./bundles/zh'),
  es: () => import('./bundles/es'),
  fr: () => import('./bundles/fr'),
  it: () => import('./bundles/it'),
} satisfies Record<string, () => Promise<{ default: Bundle }>>;

export type Lang = 'en' | keyof typeof BUNDLES;
export const LANGS: readonly Lang[] = ['en', 'zh', 'es', 'fr', 'it'];

void i18n.use(initReactI18next).init({
  resources: { en: ENGLISH },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

const zodLocales: Partial<Record<Lang, () => unknown>> = { en: zEn };

/** Loads a language's strings (once) and shows the console in it; schema messages follow. */
export async function setLanguage(lang: Lang) {
  if (lang !== 'en' && !zodLocales[lang]) {
    const { default: bundle } = await BUNDLES[lang]();
    for (const [ns, resources] of Object.entries(bundle.resources)) i18n.addResourceBundle(lang, ns, resources, true, true);
    zodLocales[lang] = bundle.zodLocale;
  }
  z.config(zodLocales[lang]!() as Parameters<typeof z.config>[0]);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The bespoke screens' English strings (other languages carry theirs in their bundle), loaded once. */
export async function loadScreenStrings(): Promise<void> {
  if (i18n.hasResourceBundle('en', 'screens')) return;
  i18n.addResourceBundle('en', 'screens', (await import('./locales/screens/en')).default, true, true);
}

/** A schema message in the chosen language (messages are keyed by their English text). */
export function translateMessage(message: string): string {
  // The API client's own two messages (no answer, or an answer without the API's errors), like the server's.
  if (message === NETWORK_MESSAGE) return i18n.t('errors.network');
  const status = STATUS_MESSAGE.exec(message);
  if (status) return i18n.t('errors.status', { status: status[1] });
  const plain = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;
  if (i18n.exists(message, plain)) return i18n.t(message, plain);
  // A message with values (a day, a zone): its key has `{{name}}` where they go (message-patterns.ts).
  const found = matchMessage(message, Object.keys(i18n.getResourceBundle(i18n.language, 'validation') ?? {}));
  if (!found) return message;
  const values = { ...found.values, ...(found.values.day ? { day: localDay(found.values.day, i18n.language) } : {}) };
  return i18n.t(found.key, { ...plain, ...values });
}

/** English, whatever the chosen language: the palette matches titles in both. */
export const tEnglish = i18n.getFixedT('en');

export default i18n;

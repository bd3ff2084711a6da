import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { en as zEn, es as zEs, fr as zFr, it as zIt, zhCN as zZh } from 'zod/locales';
import entitiesEn from './locales/entities/en';
import entitiesEs from './locales/entities/es';
import entitiesFr from './locales/entities/fr';
import entitiesIt from './locales/entities/it';
import entitiesZh from './locales/entities/zh';
import enumsEn from './locales/enums/en';
import enumsEs from './locales/enums/es';
import enumsFr from './locales/enums/fr';
import enumsIt from './locales/enums/it';
import enumsZh from './locales/enums/zh';
import uiEn from './locales/ui/en';
import uiEs from './locales/ui/es';
import uiFr from './locales/ui/fr';
import uiIt from './locales/ui/it';
import uiZh from './locales/ui/zh';
import validationEs from './locales/validation/es';
import validationFr from './locales/validation/fr';
import validationIt from './locales/validation/it';
import validationZh from './locales/validation/zh';
import serverEs from './locales/api-messages/es';
import serverFr from './locales/api-messages/fr';
import serverIt from './locales/api-messages/it';
import serverZh from './locales/api-messages/zh';
import screensEn from './locales/screens/en';
import screensEs from './locales/screens/es';
import screensFr from './locales/screens/fr';
import screensIt from './locales/screens/it';
import screensZh from './locales/screens/zh';

/** Namespaces: translation (interface), entities (labels), enums (enum values), validation (our schema and API messages, keyed by their English text), screens (the bespoke screens). */
export const RESOURCES = {
  en: { translation: uiEn, entities: entitiesEn, enums: enumsEn, validation: {}, screens: screensEn },
  zh: { translation: uiZh, entities: entitiesZh, enums: enumsZh, validation: { ...validationZh, ...serverZh }, screens: screensZh },
  es: { translation: uiEs, entities: entitiesEs, enums: enumsEs, validation: { ...validationEs, ...serverEs }, screens: screensEs },
  fr: { translation: uiFr, entities: entitiesFr, enums: enumsFr, validation: { ...validationFr, ...serverFr }, screens: screensFr },
  it: { translation: uiIt, entities: entitiesIt, enums: enumsIt, validation: { ...validationIt, ...serverIt }, screens: screensIt },
} as const;

export type Lang = keyof typeof RESOURCES;
const ZOD_LOCALES = { en: zEn, zh: zZh, es: zEs, fr: zFr, it: zIt } satisfies Record<Lang, () => unknown>;

void i18n.use(initReactI18next).init({
  resources: RESOURCES,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export async function setLanguage(lang: Lang) {
  z.config(ZOD_LOCALES[lang]());
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** A schema message in the chosen language (messages are keyed by their English text). */
export function translateMessage(message: string): string {
  return i18n.t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
}

/** English, whatever the chosen language: the palette matches titles in both. */
export const tEnglish = i18n.getFixedT('en');

export default i18n;

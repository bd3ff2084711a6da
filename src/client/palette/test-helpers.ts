import type { Translate } from '../../../commands';
import type { Language } from '../../registry';
import entitiesEn from '../i18n/locales/entities/en';
import entitiesEs from '../i18n/locales/entities/es';
import entitiesFr from '../i18n/locales/entities/fr';
import entitiesIt from '../i18n/locales/entities/it';
import entitiesZh from '../i18n/locales/entities/zh';
import enumsEn from '../i18n/locales/enums/en';
import uiEn from '../i18n/locales/ui/en';
import uiEs from '../i18n/locales/ui/es';
import uiFr from '../i18n/locales/ui/fr';
import uiIt from '../i18n/locales/ui/it';
import uiZh from '../i18n/locales/ui/zh';

const UI = { en: uiEn, zh: uiZh, es: uiEs, fr: uiFr, it: uiIt };
export const ENTITY_LABELS = { en: entitiesEn, zh: entitiesZh, es: entitiesEs, fr: entitiesFr, it: entitiesIt } as Record<Language, Record<string, { one: string; other: string }>>;

/** For tests: a tiny t() over our locale objects in one language, enough for command titles (no i18next, no DOM). */
export function translator(lang: Language): Translate {
  return (key, opts) => {
    const ns = opts?.ns === 'entities' ? ENTITY_LABELS[lang] : opts?.ns === 'enums' ? enumsEn : UI[lang];
    const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], ns);
    return String(value ?? key).replace(/\{\{(\w+)\}\}/g, (_, name) => String(opts?.[name] ?? ''));
  };
}

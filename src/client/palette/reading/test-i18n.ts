import i18next from 'i18next';
import type { Translate } from '../../../../commands';
import type { Language } from '../../../registry';
import entitiesEn from '../../i18n/locales/entities/en';
import enumsEn from '../../i18n/locales/enums/en';
import uiEn from '../../i18n/locales/ui/en';
import es from '../../i18n/bundles/es';
import fr from '../../i18n/bundles/fr';
import it from '../../i18n/bundles/it';
import zh from '../../i18n/bundles/zh';

/** For tests: i18next over every bundle of the console, as the palette has it once a language is chosen. */
const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false },
  resources: { en: { translation: uiEn, entities: entitiesEn, enums: enumsEn }, es: es.resources, fr: fr.resources, it: it.resources, zh: zh.resources },
});

export const translate = (lang: Language): Translate => i18n.getFixedT(lang) as unknown as Translate;

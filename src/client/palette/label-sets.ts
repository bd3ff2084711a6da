import { LANGUAGES, type Language } from '../../registry';
import entitiesEn from '../i18n/locales/entities/en';
import entitiesEs from '../i18n/locales/entities/es';
import entitiesFr from '../i18n/locales/entities/fr';
import entitiesIt from '../i18n/locales/entities/it';
import entitiesZh from '../i18n/locales/entities/zh';
import enumsEn from '../i18n/locales/enums/en';
import enumsEs from '../i18n/locales/enums/es';
import enumsFr from '../i18n/locales/enums/fr';
import enumsIt from '../i18n/locales/enums/it';
import enumsZh from '../i18n/locales/enums/zh';
import type { EntityLabelSet, EnumLabelSet } from '../i18n/locales/types';

/**
 * The registry's labels in all five languages, whichever the user chose: the palette finds an entity by its name and a
 * value by its label in any of them ("completati", "已完成" in an English console). i18next holds only English and the
 * chosen language; these are the locale files themselves, a few tens of kilobytes in the palette's own chunk.
 */
export const ENTITY_LABEL_SETS: Record<Language, EntityLabelSet> = { en: entitiesEn, zh: entitiesZh, es: entitiesEs, fr: entitiesFr, it: entitiesIt };
const ENUM_LABEL_SETS: Record<Language, EnumLabelSet> = { en: enumsEn, zh: enumsZh, es: enumsEs, fr: enumsFr, it: enumsIt };

/** An enum value's labels in the given languages (all five unless said): the entity's own and the shared one. */
export function valueLabels(entity: string, field: string, value: string, langs: readonly Language[] = LANGUAGES): string[] {
  return langs.flatMap((lang) => [ENTITY_LABEL_SETS[lang][entity]?.values?.[field]?.[value], ENUM_LABEL_SETS[lang][value]].filter((l): l is string => Boolean(l)));
}

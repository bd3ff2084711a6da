import type { Command, Translate } from '../../../commands';
import { entityByName, LANGUAGES, type Language } from '../../registry';
import entitiesEn from '../i18n/locales/entities/en';
import entitiesEs from '../i18n/locales/entities/es';
import entitiesFr from '../i18n/locales/entities/fr';
import entitiesIt from '../i18n/locales/entities/it';
import entitiesZh from '../i18n/locales/entities/zh';
import type { EntityLabelSet } from '../i18n/locales/types';
import type { Texts } from './rank';

const LABEL_SETS: Record<Language, EntityLabelSet> = { en: entitiesEn, zh: entitiesZh, es: entitiesEs, fr: entitiesFr, it: entitiesIt };

/** An entity's singular and plural names in the given languages (all five unless said). */
export function entityNames(entity: string, langs: readonly Language[] = LANGUAGES): string[] {
  return langs.flatMap((lang) => (LABEL_SETS[lang][entity] ? [LABEL_SETS[lang][entity].one, LABEL_SETS[lang][entity].other] : []));
}

/**
 * What the palette matches a command against: its title in the chosen language (shown, highlighted) and in English,
 * its keywords, and, for an entity's commands, the entity's names: in the chosen language and English matched like
 * the title, in the three other languages only word for word ("medici" finds Doctors in any language; "med" finds
 * Medicines, not the Italian doctors).
 */
export function commandTexts(cmd: Command, t: Translate, tEnglish: Translate, lang: Language): Texts {
  // Keywords are English identifiers too ("patientInCompleteProfile"): matched word by word.
  const also = [cmd.title(tEnglish), ...(cmd.keywords ?? []).map((k) => k.replace(/([a-z])([A-Z])/g, '$1 $2'))];
  const entity = cmd.access && entityByName(cmd.access.resource) ? cmd.access.resource : undefined;
  if (!entity) return { shown: cmd.title(t), also };
  const mine: Language[] = lang === 'en' ? ['en'] : [lang, 'en'];
  return { shown: cmd.title(t), names: entityNames(entity, mine), also, exact: entityNames(entity, LANGUAGES.filter((l) => !mine.includes(l))) };
}

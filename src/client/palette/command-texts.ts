import type { Command, Translate } from '../../../commands';
import { entityByName, LANGUAGES, type Language } from '../../registry';
import { ENTITY_LABEL_SETS, valueLabels } from './label-sets';
import type { Texts } from '../text/rank';

/** An entity's singular and plural names in the given languages (all five unless said). */
export function entityNames(entity: string, langs: readonly Language[] = LANGUAGES): string[] {
  return langs.flatMap((lang) => (ENTITY_LABEL_SETS[lang][entity] ? [ENTITY_LABEL_SETS[lang][entity].one, ENTITY_LABEL_SETS[lang][entity].other] : []));
}

/**
 * What the palette matches a command against: its title in the chosen language (shown, highlighted) and in English,
 * its keywords, and, for an entity's commands, the entity's names: in the chosen language and English matched like
 * the title, in the three other languages only word for word ("medici" finds Doctors in any language; "med" finds
 * Medicines, not the Italian doctors). Its everyday phrases in the chosen language and English ("dark mode"); a list of
 * one value ("Appointments: Completed") is found by the value's label in every language, word for word ("completati").
 */
export function commandTexts(cmd: Command, t: Translate, tEnglish: Translate, lang: Language): Texts {
  // Keywords are English identifiers too ("patientInCompleteProfile"): matched word by word.
  const also = [cmd.title(tEnglish), ...(cmd.keywords ?? []).map((k) => k.replace(/([a-z])([A-Z])/g, '$1 $2'))];
  const phrases = cmd.phrases && [...cmd.phrases(t), ...(lang === 'en' ? [] : cmd.phrases(tEnglish))];
  const entity = cmd.access && entityByName(cmd.access.resource) ? cmd.access.resource : undefined;
  if (!entity) return { shown: cmd.title(t), also, phrases };
  const mine: Language[] = lang === 'en' ? ['en'] : [lang, 'en'];
  const values = cmd.lists ? valueLabels(entity, cmd.lists.field, cmd.lists.value) : [];
  return { shown: cmd.title(t), names: entityNames(entity, mine), also, exact: [...entityNames(entity, LANGUAGES.filter((l) => !mine.includes(l))), ...values], phrases };
}

import type { Command, Translate } from '../../../commands';
import { entityByName } from '../../registry';
import entitiesEn from '../i18n/locales/entities/en';
import entitiesEs from '../i18n/locales/entities/es';
import entitiesFr from '../i18n/locales/entities/fr';
import entitiesIt from '../i18n/locales/entities/it';
import entitiesZh from '../i18n/locales/entities/zh';
import type { EntityLabelSet } from '../i18n/locales/types';

const LABEL_SETS: EntityLabelSet[] = [entitiesEn, entitiesZh, entitiesEs, entitiesFr, entitiesIt];

/** An entity's singular and plural names in every language: a record is found by any of them. */
export function entityNames(entity: string): string[] {
  return LABEL_SETS.flatMap((set) => (set[entity] ? [set[entity].one, set[entity].other] : []));
}

/**
 * What the palette matches a command against: its title in the chosen language and in English, its
 * keywords, and, for an entity's commands, the entity's names in all five languages.
 */
export function commandTexts(cmd: Command, t: Translate, tEnglish: Translate): string[] {
  const texts = [cmd.title(t), cmd.title(tEnglish), ...(cmd.keywords ?? [])];
  const entity = cmd.access && entityByName(cmd.access.resource) ? cmd.access.resource : undefined;
  if (entity) texts.push(...entityNames(entity));
  return texts;
}

import { describe, expect, test } from 'vitest';
import { COMMANDS, type Translate } from '../../../commands';
import { ENTITIES } from '../../registry';
import entitiesEn from '../i18n/locales/entities/en';
import entitiesEs from '../i18n/locales/entities/es';
import entitiesFr from '../i18n/locales/entities/fr';
import entitiesIt from '../i18n/locales/entities/it';
import entitiesZh from '../i18n/locales/entities/zh';
import uiEn from '../i18n/locales/ui/en';
import uiFr from '../i18n/locales/ui/fr';
import { commandTexts } from './command-texts';
import { rank } from './rank';

/** A tiny t() over our locale objects, enough for command titles. */
function translator(ui: object, entities: object): Translate {
  return (key, opts) => {
    const source = opts?.ns === 'entities' ? entities : ui;
    const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], source);
    return String(value ?? key).replace(/\{\{(\w+)\}\}/g, (_, name) => String(opts?.[name] ?? ''));
  };
}

const tFr = translator(uiFr, entitiesFr);
const tEn = translator(uiEn, entitiesEn);
const commands = [...COMMANDS.values()];
const SETS = { en: entitiesEn, zh: entitiesZh, es: entitiesEs, fr: entitiesFr, it: entitiesIt } as Record<string, Record<string, { one: string; other: string }>>;

describe('every entity is found by its singular and plural name in every language (the console in French)', () => {
  for (const def of ENTITIES) {
    test.each(Object.keys(SETS))(`${def.name} in %s`, (lang) => {
      for (const name of [SETS[lang][def.name].one, SETS[lang][def.name].other]) {
        const top = rank(commands, name, (c) => commandTexts(c, tFr, tEn), 60).map((c) => c.id);
        // An entity with views is opened at its first view ("Appointments: All").
        const list = def.views?.length ? `${def.name}.list.${def.views[0].segment}` : `${def.name}.list`;
        expect(top, `${lang} "${name}"`).toContain(list);
      }
    });
  }
});

import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../../../commands';
import { ENTITIES, LANGUAGES } from '../../registry';
import { commandTexts } from './command-texts';
import { rank } from '../text/rank';
import { ENTITY_LABELS, translator } from './test-helpers';

const tFr = translator('fr');
const tEn = translator('en');
const commands = [...COMMANDS.values()];

describe('every entity is found by its singular and plural name in every language (the console in French)', () => {
  for (const def of ENTITIES) {
    test.each([...LANGUAGES])(`${def.name} in %s`, (lang) => {
      for (const name of [ENTITY_LABELS[lang][def.name].one, ENTITY_LABELS[lang][def.name].other]) {
        const top = rank(commands, name, (c) => commandTexts(c, tFr, tEn, 'fr'), 60).map((c) => c.id);
        // An entity with views is opened at its first view ("Appointments: All").
        const list = def.views?.length ? `${def.name}.list.${def.views[0].segment}` : `${def.name}.list`;
        expect(top, `${lang} "${name}"`).toContain(list);
      }
    });
  }
});

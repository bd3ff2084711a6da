import { describe, expect, it } from 'vitest';
import { COMMANDS, isAllowed } from '../../../commands';
import { commandIndex } from './results';
import { commandKeymap, roleCommands } from './role-commands';
import { translator } from './test-helpers';

const t = translator('en');

describe('what the palette works out from the commands is kept across openings', () => {
  it('the two indexes asked for on every key (the role’s, the withheld) are both kept, not rebuilt in turn', () => {
    const own = [...COMMANDS.values()].filter((c) => isAllowed(c, 'doctor'));
    const withheld = [...COMMANDS.values()].filter((c) => !isAllowed(c, 'doctor'));
    const first = commandIndex(own, t, t, 'en');
    const firstWithheld = commandIndex(withheld, t, t, 'en');
    // A second opening asks again with lists equal but not the same arrays.
    expect(commandIndex([...own], t, t, 'en')).toBe(first);
    expect(commandIndex([...withheld], t, t, 'en')).toBe(firstWithheld);
    // Another language is another index.
    expect(commandIndex(own, t, t, 'fr')).not.toBe(first);
  });

  it('the role’s commands and the keymap are kept per map, role and overrides, and change with them', () => {
    const map = new Map(COMMANDS);
    const doctor = roleCommands(map, 'doctor');
    expect(roleCommands(map, 'doctor')).toBe(doctor);
    expect(doctor.every((c) => isAllowed(c, 'doctor'))).toBe(true);
    expect(roleCommands(map, 'superadmin').length).toBeGreaterThan(doctor.length);
    expect(roleCommands(new Map(COMMANDS), 'doctor')).not.toBe(doctor);

    const none = {};
    const keymap = commandKeymap(map, none);
    expect(commandKeymap(map, none)).toBe(keymap);
    const [id] = [...keymap.keys()];
    const rebound = commandKeymap(map, { [id]: 'mod+shift+9' });
    expect(rebound.get(id)).toBe('mod+shift+9');
    expect(rebound).not.toBe(keymap);
  });
});

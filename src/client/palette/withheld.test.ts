import { describe, expect, it } from 'vitest';
import { COMMANDS, effectiveKeymap, isAllowed } from '../../../commands';
import type { Role } from '../../registry';
import { commandIndex, rankResults } from './results';
import { translator } from './test-helpers';
import { refusalOf } from './withheld';

const t = translator('en');
const available = (role: Role) => [...COMMANDS.values()].filter((c) => isAllowed(c, role) && !c.when);
const withheld = (role: Role) => [...COMMANDS.values()].filter((c) => !isAllowed(c, role));

/** What the palette says to `role` for `query`: the refusal, its entity and the ids of what it offers instead. */
function refusal(role: Role, query: string) {
  const own = rankResults(commandIndex(available(role), t, t, 'en'), [], query, { limit: 1 })[0];
  const r = refusalOf(commandIndex(withheld(role), t, t, 'en'), own, query, available(role), role);
  return r && { entity: r.entity, instead: r.alternatives.map((c) => c.id) };
}

describe('a role asking for what it may not open is told so, with what it can do instead', () => {
  it('a doctor typing "appointments": the slots the centre’s appointments are booked in first', () => {
    const r = refusal('doctor', 'appointments');
    expect(r?.entity).toBe('appointments');
    expect(r?.instead[0]).toBe('fmcslots.list');
    expect(r?.instead).toContain('screen.slotCalendar');
    // Each offered line is one the doctor may run, and goes somewhere.
    for (const id of r!.instead) expect(isAllowed(COMMANDS.get(id)!, 'doctor') && COMMANDS.get(id)!.href).toBeTruthy();
  });

  it('the key of an alternative is the keymap’s (none is made up)', () => {
    const keymap = effectiveKeymap(COMMANDS.keys());
    const r = refusal('admin', 'slot calendar');
    expect(r?.entity).toBe('fmcslots');
    // The sidebar group's other lines (the centres), each with its shortcut where it has one.
    expect(r?.instead[0]).toBe('fmc.list');
    expect(keymap.get('fmc.list')).toBe('g f');
  });

  it('railway staff typing "invoices": the invoices named; nothing they may open is related, so nothing is offered', () => {
    const r = refusal('railway', 'invoices');
    expect(r).toEqual({ entity: 'invoices', instead: [] });
  });

  it('says nothing when the role’s own lines match as well', () => {
    expect(refusal('superadmin', 'appointments')).toBeUndefined();
    expect(refusal('doctor', 'slots')).toBeUndefined();
    expect(refusal('doctor', 'xqzwv')).toBeUndefined();
  });
});

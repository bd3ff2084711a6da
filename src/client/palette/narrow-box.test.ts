import { describe, expect, it } from 'vitest';
import { commandSaysIt, narrowBox } from './results';

const hit = (entity: string) => ({ entity, id: 1, title: 't', subtitle: '' });

describe('a prefix narrows the box', () => {
  it('> keeps the commands, @ the people, # the numbered records; without one, both', () => {
    expect(narrowBox('> export')).toMatchObject({ text: 'export', commands: true, records: false });
    const people = narrowBox('@kaur');
    expect(people).toMatchObject({ text: 'kaur', commands: false, records: true });
    expect(['patients', 'doctor', 'appointments', 'city'].filter((e) => people.keep!(hit(e)))).toEqual(['patients', 'doctor']);
    const numbers = narrowBox('#000626');
    expect(numbers).toMatchObject({ text: '000626', commands: false, records: true });
    expect(['appointments', 'payment', 'invoices', 'requestVerification', 'patients'].filter((e) => numbers.keep!(hit(e)))).toEqual(['appointments', 'payment', 'invoices', 'requestVerification']);
    expect(narrowBox('kaur')).toEqual({ text: 'kaur', commands: true, records: true });
  });
});

describe('a command that says every word typed stays before the reading', () => {
  const cmd = { id: 'supportTicket.list', category: 'entity', title: () => 'Open Support tickets', run: () => {} } as const;
  const ranked = { item: { kind: 'command' as const, cmd }, score: 13, ranges: [] };
  const t = (k: string) => k;
  it('all its words, whole: the command; a word it lacks: the reading', () => {
    expect(commandSaysIt(ranked, 'open support tickets', t, t)).toBe(true);
    expect(commandSaysIt(ranked, 'urgent open tickets', t, t)).toBe(false);
    expect(commandSaysIt(ranked, 'open tick', t, t)).toBe(false);
    expect(commandSaysIt(undefined, 'open support tickets', t, t)).toBe(false);
  });
});

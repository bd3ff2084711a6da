import { describe, expect, it } from 'vitest';
import { narrowBox } from './results';

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

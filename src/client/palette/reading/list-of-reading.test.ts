import { describe, expect, it } from 'vitest';
import { getEntity } from '../../../registry';
import { translate } from './test-i18n';
import { addressOf, listOfReading, readingsOf } from './list-of-reading';
import type { Reading } from './read';

const t = translate('en');
const opts = { role: 'superadmin' as const, lang: 'en' as const, t, now: Date.parse('2026-11-26T10:00:00Z'), timeZone: 'Asia/Kolkata' };
const reading: Reading = {
  entity: 'appointments', values: [{ field: 'status', value: 'missed' }],
  period: { field: 'scheduledAt', period: { kind: 'week', offset: 0 } }, words: [{ text: 'sharma' }],
};
const lookups = ['patient', 'doctor'].map((field) => ({ run: 0, field, entity: field === 'patient' ? 'patients' : 'doctor', q: 'sharma' }));
const sharma = { id: 7, title: 'Kali Sharma', subtitle: '' };

describe('a reading as chips and the address Enter opens', () => {
  it('waits for the first field’s answer for the words typed now, then names the record found there', () => {
    const none = listOfReading(reading, lookups, () => undefined, opts);
    expect(none.pending).toBe(true);
    expect(none.complete).toBe(false);
    expect(none.chips.map((c) => c.label)).toEqual(['Appointments', 'Missed', 'sharma…', expect.any(String)]);
    const found = listOfReading(reading, lookups, (l) => (l.field === 'patient' ? [sharma] : []), opts);
    expect(found.chips.map((c) => c.label)).toEqual(['Appointments', 'Missed', 'Patient: Kali Sharma', 'This week']);
    expect(found.complete).toBe(true);
    expect(found.address).toMatch(/^\/dashboard\/appointments\/missed\?filter\[patient\]=7&filter\[scheduledAt\]=2026-11-2\d\.\.2026-11-\d\d$/);
  });

  it('a record whose title does not hold the words is not taken: they are searched', () => {
    const read = listOfReading(reading, lookups, () => [{ id: 9, title: 'Asha Verma', subtitle: 'sharma@example.test' }], opts);
    expect(read.chips.at(-1)?.label).toBe('Search: sharma');
    expect(read.address).toContain('q=sharma');
    expect(read.complete).toBe(false);
  });

  it('a status with a list of its own opens that list; without one, the list that fixes no value', () => {
    expect(addressOf(getEntity('payment'), { status: 'rejected', doctor: '3' }, '')).toBe('/dashboard/payment/rejected?filter[doctor]=3');
    expect(addressOf(getEntity('payment'), { doctor: '3' }, '')).toBe('/dashboard/payment/recent?filter[doctor]=3');
    expect(addressOf(getEntity('supportTicket'), { priority: 'urgent', status: 'open' }, '')).toBe('/dashboard/fmc/support/ticket?filter[priority]=urgent&filter[status]=open');
    expect(addressOf(getEntity('fmcslots'), { date: '2026-11-27..2026-11-27', fmc: '4' }, '')).toBe('/dashboard/fmc/slots?filter[date]=2026-11-27..2026-11-27&filter[fmc]=4');
  });

  it('words that name several people offer one reading each, in the server’s order; twins are told apart', () => {
    const answer = [{ id: 7, title: 'Kali Sharma', subtitle: '' }, { id: 9, title: 'Asha Verma', subtitle: '' }, { id: 8, title: 'Ravi Sharma', subtitle: '' }];
    const reads = readingsOf(reading, lookups, (l) => (l.field === 'patient' ? answer : []), opts);
    expect(reads.map((r) => r.chips[2].label)).toEqual(['Patient: Kali Sharma', 'Patient: Ravi Sharma']);
    expect(reads.map((r) => /filter\[patient\]=(\d+)/.exec(r.address)?.[1])).toEqual(['7', '8']);
    expect(reads.every((r) => r.complete)).toBe(true);
    const twins = [{ id: 7, title: 'Kali Sharma', subtitle: '+91 98100 00007' }, { id: 8, title: 'Kali Sharma', subtitle: '' }];
    expect(readingsOf(reading, lookups, (l) => (l.field === 'patient' ? twins : []), opts).map((r) => r.chips[2].label))
      .toEqual(['Patient: Kali Sharma (+91 98100 00007)', 'Patient: Kali Sharma (#8)']);
    // One person of that name: one reading.
    expect(readingsOf(reading, lookups, (l) => (l.field === 'patient' ? [sharma] : []), opts)).toHaveLength(1);
  });

  it('a period read replaces the days of a list of recent days; without one, the chips say its days (en, fr)', () => {
    const payments: Reading = { entity: 'payment', values: [], period: { field: 'initiatedAt', period: { kind: 'lastDays', days: 30 } }, words: [] };
    const read = listOfReading(payments, [], () => undefined, opts);
    expect(read.address).toBe('/dashboard/payment/recent?filter[initiatedAt]=2026-10-28..2026-11-26');
    expect(read.chips.map((c) => c.label)).toEqual(['Payments', 'Last 30 days']);
    const upi: Reading = { entity: 'payment', values: [{ field: 'method', value: 'upi' }], words: [] };
    expect(listOfReading(upi, [], () => undefined, opts).chips.map((c) => c.label)).toEqual(['Payments', 'UPI', 'Last 7 days']);
    const fr = { ...opts, lang: 'fr' as const, t: translate('fr') };
    expect(listOfReading(payments, [], () => undefined, fr).chips.map((c) => c.label)).toEqual(['Paiements', expect.stringMatching(/^30 derniers jours$/i)]);
    expect(listOfReading(upi, [], () => undefined, fr).chips.map((c) => c.label)).toEqual(['Paiements', 'UPI', expect.stringMatching(/^7 derniers jours$/i)]);
  });
});

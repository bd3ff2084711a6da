import { describe, expect, test } from 'vitest';
import { getEntity } from '../catalog';
import { parseListQuery } from './list-query';
import { PERIOD_WORDS, periodWordDays, resolveListWords, type WordReader } from './list-words';

const payment = getEntity('payment');
const ticket = getEntity('supportTicket');
const slots = getEntity('fmcslots');
const reader = (over: Partial<WordReader> = {}): WordReader => ({ now: Date.parse('2026-11-25T06:00:00Z'), timeZone: 'Asia/Kolkata', firstDay: 1, userId: 42, centres: [3, 7], ...over });
const parse = (def: typeof payment, q: string) => parseListQuery(def, new URLSearchParams(q));

describe('words in a list address', () => {
  test('the parser takes a word its field can mean, and names the words it takes otherwise', () => {
    for (const w of [...PERIOD_WORDS, 'last90', 'last1']) expect('query' in parse(payment, `filter[initiatedAt]=@${w}`), w).toBe(true);
    expect('query' in parse(ticket, 'filter[assignee]=@me')).toBe(true);
    expect('query' in parse(ticket, 'filter[fmc]=@mycentre')).toBe(true);
    for (const [def, q] of [[payment, 'filter[initiatedAt]=@me'], [payment, 'filter[initiatedAt]=@last0'], [payment, 'filter[initiatedAt]=@last99999'],
      [payment, 'filter[initiatedAt]=@tomorrow'], [ticket, 'filter[assignee]=@mycentre'], [payment, 'filter[patient]=@me'], [payment, 'filter[method]=@me']] as const) {
      const r = parse(def, q);
      expect('issues' in r && r.issues[0].field, q).toMatch(/^filter\[/);
    }
    const r = parse(payment, 'filter[initiatedAt]=@soon');
    expect('issues' in r && r.issues[0].message).toContain('@last30');
  });

  test('a time zone is a list parameter, checked', () => {
    const ok = parse(payment, 'filter[initiatedAt]=@today&tz=Asia/Kolkata');
    expect('query' in ok && ok.query.tz).toBe('Asia/Kolkata');
    expect('issues' in parse(payment, 'tz=Mars/Olympus')).toBe(true);
  });

  test('a period is read as the days it names, moments where the reader is on a datetime field', () => {
    const read = resolveListWords(payment, { initiatedAt: '@today', method: 'upi' }, reader());
    // 06:00 UTC is 11:30 in India: the 25th, from its midnight there to the last moment before the next.
    expect(read).toEqual({ initiatedAt: '2026-11-24T18:30:00.000Z..2026-11-25T18:29:59.999Z', method: 'upi' });
    expect(resolveListWords(slots, { date: '@last7' }, reader())).toEqual({ date: '2026-11-19..2026-11-25' });
    // Late on the 25th in UTC is already the 26th in India.
    expect(resolveListWords(slots, { date: '@today' }, reader({ now: Date.parse('2026-11-25T20:00:00Z') }))).toEqual({ date: '2026-11-26..2026-11-26' });
  });

  test('"last 30 days" saved one day covers the new 30 days when read on a later day', () => {
    const saved = { initiatedAt: '@last30' };
    const first = resolveListWords(payment, saved, reader({ timeZone: 'UTC' }));
    const later = resolveListWords(payment, saved, reader({ timeZone: 'UTC', now: Date.parse('2027-01-10T09:00:00Z') }));
    expect(first.initiatedAt).toBe('2026-10-27T00:00:00.000Z..2026-11-25T23:59:59.999Z');
    expect(later.initiatedAt).toBe('2026-12-12T00:00:00.000Z..2027-01-10T23:59:59.999Z');
  });

  test('weeks are counted from the reader\'s first day', () => {
    expect(periodWordDays('thisWeek', '2026-11-25', 1)).toEqual(['2026-11-23', '2026-11-29']);
    expect(periodWordDays('thisWeek', '2026-11-25', 7)).toEqual(['2026-11-22', '2026-11-28']);
    expect(periodWordDays('lastWeek', '2026-11-25', 7)).toEqual(['2026-11-15', '2026-11-21']);
    expect(periodWordDays('lastMonth', '2027-01-05', 1)).toEqual(['2026-12-01', '2026-12-31']);
    expect(periodWordDays('thisMonth', '2028-02-10', 1)).toEqual(['2028-02-01', '2028-02-29']);
  });

  test('"me" is the reader; "my centre" their centres, or none', () => {
    expect(resolveListWords(ticket, { assignee: '@me', fmc: '@mycentre' }, reader())).toEqual({ assignee: '42', fmc: '3,7' });
    expect(resolveListWords(ticket, { fmc: '@mycentre' }, reader({ centres: [] }))).toEqual({ fmc: '0' });
  });
});

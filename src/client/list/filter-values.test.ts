import { describe, expect, test } from 'vitest';
import { ENTITIES, filterKeys, getEntity, parseListQuery, shownKind, viewFilters } from '../../registry';
import { daysValue, filterFieldsFor, numberEnds, numberValue, presetDays, presetOf, rangeDays, readNumber } from './filter-values';

/** The toolbar's filters: which fields a role is offered, and the values its presets, ranges and numbers make. */
const payment = getEntity('payment');
const local = (y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, mi, s, ms).toISOString();

describe('filterFieldsFor', () => {
  test('a payment list offers its references, enums, dates and amounts, from the registry', () => {
    expect(filterFieldsFor(payment, 'admin', {})).toEqual([
      { field: 'appointment', kind: 'ref' }, { field: 'patient', kind: 'ref' }, { field: 'doctor', kind: 'ref' },
      { field: 'amount', kind: 'number' }, { field: 'method', kind: 'enum' }, { field: 'status', kind: 'enum' },
      { field: 'initiatedAt', kind: 'date' }, { field: 'paidAt', kind: 'date' },
    ]);
  });
  test("a view's fixed filters are not offered again", () => {
    expect(filterFieldsFor(payment, 'admin', { status: 'pending' }).map((f) => f.field)).not.toContain('status');
  });
  test("a view's period is no fixed value: its field is offered, so that the list's own period replaces it", () => {
    const recent = payment.views!.find((v) => v.segment === 'recent');
    expect(viewFilters(recent)).toEqual({ initiatedAt: '@last7' });
    expect(filterFieldsFor(payment, 'admin', viewFilters(recent)).map((f) => f.field)).toContain('initiatedAt');
  });
  test('every date and moment of every list is offered, shown as a column or not, on each of its views', () => {
    for (const def of ENTITIES) {
      const dated = Object.keys(def.fields).filter((c) => ['date', 'datetime'].includes(shownKind(def.fields[c])) && !def.fields[c].writeOnly);
      expect(dated.every((field) => filterKeys(def).includes(field)), def.name).toBe(true);
      for (const view of [undefined, ...(def.views ?? [])]) {
        const offered = filterFieldsFor(def, 'superadmin', viewFilters(view)).map((f) => f.field);
        for (const field of dated) expect(offered, `${def.name} ${view?.segment ?? ''}`).toContain(field);
      }
    }
  });
  test('a reference to records the role may not pick is left out', () => {
    // fmc staff may list doctors but not the qualifications catalogue: they could not name one.
    const doctor = getEntity('doctor');
    expect(filterFieldsFor(doctor, 'fmc', {}).map((f) => f.field)).not.toContain('qualification');
    expect(filterFieldsFor(doctor, 'superadmin', {}).map((f) => f.field)).toContain('qualification');
  });
  test('sortable yes/no fields are filterable, and the API takes their filter', () => {
    const faq = getEntity('faq');
    expect(filterKeys(faq)).toContain('published');
    expect(filterFieldsFor(faq, 'admin', {})).toContainEqual({ field: 'published', kind: 'bool' });
    expect('query' in parseListQuery(faq, new URLSearchParams('filter[published]=true'))).toBe(true);
    expect('query' in parseListQuery(payment, new URLSearchParams('filter[amount]=500..2000'))).toBe(true);
  });
});

describe('presets', () => {
  test.each([
    ['today', '2026-11-25', '2026-11-25'],
    ['yesterday', '2026-11-24', '2026-11-24'],
    ['thisWeek', '2026-11-23', '2026-11-29'],
    ['lastWeek', '2026-11-16', '2026-11-22'],
    ['last7', '2026-11-19', '2026-11-25'],
    ['last30', '2026-10-27', '2026-11-25'],
    ['thisMonth', '2026-11-01', '2026-11-30'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
  ] as const)('%s, on Wednesday 25 November 2026, weeks from Monday', (preset, from, to) => {
    expect(presetDays(preset, '2026-11-25', 1)).toEqual([from, to]);
  });
  test('weeks from Sunday (English as written in India) or Saturday', () => {
    expect(presetDays('thisWeek', '2026-11-25', 7)).toEqual(['2026-11-22', '2026-11-28']);
    expect(presetDays('lastWeek', '2026-11-25', 7)).toEqual(['2026-11-15', '2026-11-21']);
    expect(presetDays('thisWeek', '2026-11-25', 6)).toEqual(['2026-11-21', '2026-11-27']);
  });
  test('months of every length, and across a year', () => {
    expect(presetDays('thisMonth', '2027-02-10')).toEqual(['2027-02-01', '2027-02-28']);
    expect(presetDays('thisMonth', '2028-02-29')).toEqual(['2028-02-01', '2028-02-29']);
    expect(presetDays('lastMonth', '2027-01-05')).toEqual(['2026-12-01', '2026-12-31']);
    expect(presetDays('thisWeek', '2027-01-01', 1)).toEqual(['2026-12-28', '2027-01-03']);
  });
  test('a value that is a preset is named so; another is not', () => {
    expect(presetOf(daysValue(false, '2026-11-23', '2026-11-29'), '2026-11-25', 1)).toBe('thisWeek');
    expect(presetOf(daysValue(true, '2026-11-23', '2026-11-29'), '2026-11-25', 1)).toBe('thisWeek');
    expect(presetOf(daysValue(false, '2026-11-23', '2026-11-29'), '2026-11-25', 7)).toBeNull();
    expect(presetOf('@last30', '2026-11-25')).toBe('last30');
    expect(presetOf('@thisWeek', '2026-11-25')).toBe('thisWeek');
    expect(presetOf('2026-11-23..2026-11-28', '2026-11-25')).toBeNull();
    expect(presetOf('2026-11-23..', '2026-11-25')).toBeNull();
    expect(presetOf('upi', '2026-11-25')).toBeNull();
  });
});

describe('days as a filter value', () => {
  test('a field of days takes the days; a field of moments the bounds of those local days', () => {
    expect(daysValue(false, '2026-11-01', '2026-11-30')).toBe('2026-11-01..2026-11-30');
    expect(daysValue(false, '2026-11-01')).toBe('2026-11-01..');
    expect(daysValue(false, undefined, '2026-11-30')).toBe('..2026-11-30');
    expect(daysValue(false)).toBe('');
    expect(daysValue(true, '2026-11-01', '2026-11-30')).toBe(`${local(2026, 11, 1)}..${local(2026, 11, 30, 23, 59, 59, 999)}`);
    expect(daysValue(true, undefined, '2026-12-31')).toBe(`..${local(2026, 12, 31, 23, 59, 59, 999)}`);
  });
  test('read back as days, whichever way they were written', () => {
    expect(rangeDays(daysValue(true, '2026-11-01', '2026-11-30'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(rangeDays('2026-11-17..')).toEqual({ from: '2026-11-17', to: undefined });
    expect(rangeDays(`${local(2026, 11, 1, 9, 30)}..`)).toBeNull();
    expect(rangeDays('2026-11-17')).toBeNull();
    expect(rangeDays('soon..later')).toBeNull();
  });
});

describe('readNumber', () => {
  test.each([
    ['800', 'en', 800], ['1,500.50', 'en', 1500.5], ['₹ 2,000', 'en', 2000], ['Rs. 750', 'en', 750], ['1,00,000', 'en', 100000],
    ['1500,50', 'fr', 1500.5], ['1 500,50', 'fr', 1500.5], ['1.500', 'it', 1500], ['1.500,25', 'es', 1500.25], ['2.5', 'it', 2.5],
    ['3', 'zh', 3], ['-4', 'en', -4],
    ['', 'en', null], ['abc', 'en', null], ['1..2', 'en', null], ['12a', 'fr', null],
  ])('%s in %s → %s', (text, lang, n) => {
    expect(readNumber(text, lang)).toBe(n);
  });
  test('a range of numbers, one end, or one number', () => {
    expect(numberValue(500, 2000)).toBe('500..2000');
    expect(numberValue(500, null)).toBe('500..');
    expect(numberValue(null, 2000)).toBe('..2000');
    expect(numberValue(4, 4)).toBe('4');
    expect(numberValue(null, null)).toBe('');
    expect(numberEnds('500..2000')).toEqual({ from: '500', to: '2000' });
    expect(numberEnds('..2000')).toEqual({ from: '', to: '2000' });
    expect(numberEnds('4')).toEqual({ from: '4', to: '4' });
  });
});

import { describe, expect, test } from 'vitest';
import { getEntity, viewFilters } from '../../registry';
import { formViewOf, listSearch, listStateFrom, withFormView, withoutFormView } from './use-list-address';

/** The list's state read from and written to the address: the API's names, one spelling, a view's filters fixed. */
const payment = getEntity('payment');
const appointments = getEntity('appointments');
const none = {};

describe('listStateFrom', () => {
  test.each([
    ['', { q: '', sort: payment.defaultSort, filters: {} }],
    ['q=PAY-2026&sort=amount:asc', { q: 'PAY-2026', sort: { field: 'amount', dir: 'asc' }, filters: {} }],
    ['filter[method]=upi&filter[initiatedAt]=2026-11-17..&filter[doctor]=12',
      { q: '', sort: payment.defaultSort, filters: { method: 'upi', initiatedAt: '2026-11-17..', doctor: '12' } }],
    ['filter%5Bmethod%5D=upi', { q: '', sort: payment.defaultSort, filters: { method: 'upi' } }],
    // What the parser refuses is dropped, the rest kept: a field that cannot be sorted or filtered, an unknown parameter.
    ['sort=gatewayRef:asc&filter[method]=card', { q: '', sort: payment.defaultSort, filters: { method: 'card' } }],
    ['filter[nope]=1&utm=x&q=ab', { q: 'ab', sort: payment.defaultSort, filters: {} }],
    ['filter[method]=', { q: '', sort: payment.defaultSort, filters: {} }],
  ])('%s', (search, state) => {
    expect(listStateFrom(payment, search, none)).toEqual(state);
  });

  test("a view's fixed filters win over the address", () => {
    const missed = viewFilters(appointments.views!.find((v) => v.segment === 'missed'));
    expect(listStateFrom(appointments, 'filter[status]=completed&filter[mode]=video', missed).filters).toEqual({ mode: 'video' });
  });
});

describe('listSearch', () => {
  test('the default sort and empty values are left out; brackets and colons stay readable', () => {
    expect(listSearch(payment, { q: '', sort: payment.defaultSort, filters: {} })).toBe('');
    expect(listSearch(payment, { q: 'ravi k', sort: { field: 'amount', dir: 'desc' }, filters: { method: 'upi', initiatedAt: '2026-11-01..', doctor: '' } }))
      .toBe('q=ravi+k&sort=amount:desc&filter[method]=upi&filter[initiatedAt]=2026-11-01..');
  });

  test('reads back what it writes', () => {
    const state = { q: 'a&b=c', sort: { field: 'paidAt', dir: 'asc' as const }, filters: { status: 'pending', doctor: '7' } };
    expect(listStateFrom(payment, listSearch(payment, state), none)).toEqual(state);
  });
});

describe("a form's address over a list of a view", () => {
  const speciality = getEntity('speciality');
  test('the view rides in the query beside the list\'s own state, which is read and spelled without it', () => {
    const form = withFormView('?q=ravi&filter[mode]=video', 'missed');
    expect(form).toBe('q=ravi&filter[mode]=video&view=missed');
    expect(formViewOf(appointments, form)).toBe('missed');
    expect(withoutFormView(`?${form}`)).toBe('q=ravi&filter[mode]=video');
    expect(listStateFrom(appointments, form, none)).toEqual(listStateFrom(appointments, 'q=ravi&filter[mode]=video', none));
    expect(withFormView('', undefined)).toBe('');
    expect(withFormView('view=all&q=a', 'missed')).toBe('q=a&view=missed');
  });

  test('only a view of the entity counts: none for an entity without views, nor an unknown segment', () => {
    expect(formViewOf(appointments, 'view=nope')).toBeUndefined();
    expect(formViewOf(speciality, 'view=missed')).toBeUndefined();
    expect(formViewOf(appointments, 'q=view%3Dmissed')).toBeUndefined();
  });
});

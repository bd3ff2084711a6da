import { expect, test } from 'vitest';
import { getEntity } from '../../registry';
import { entities, optionsQuery } from './entities';

test('exportAddress: the list query, the columns, one header each, and the ids', () => {
  const url = new URL(entities.exportAddress(getEntity('patients'), {
    query: { q: 'shah', sort: { field: 'lastName', dir: 'desc' }, filters: { status: 'active' } },
    columns: ['firstName', 'phone'], headers: ['Prénom', 'Téléphone, mobile'], ids: [3, 1],
  }), 'http://x');
  expect(url.pathname).toBe(`/api/${getEntity('patients').api}/export`);
  expect(url.searchParams.get('q')).toBe('shah');
  expect(url.searchParams.get('sort')).toBe('lastName:desc');
  expect(url.searchParams.get('filter[status]')).toBe('active');
  expect(url.searchParams.get('columns')).toBe('firstName,phone');
  expect(url.searchParams.getAll('header')).toEqual(['Prénom', 'Téléphone, mobile']);
  expect(url.searchParams.get('ids')).toBe('3,1');
});

test('options: a picker asks for its statuses and the kind of record that must refer to what it picks', () => {
  const p = new URLSearchParams(optionsQuery({ q: 'vr-', limit: 30, status: ['requested', 'pending'], referredBy: 'payment.doctor' }));
  expect(Object.fromEntries(p)).toEqual({ q: 'vr-', limit: '30', status: 'requested,pending', referredBy: 'payment.doctor' });
  expect(new URLSearchParams(optionsQuery({ q: 'x', status: [] })).has('status')).toBe(false);
});

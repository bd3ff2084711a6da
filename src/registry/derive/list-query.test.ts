import { describe, expect, test } from 'vitest';
import { defineEntity } from '../entity';
import { f } from '../fields';
import { DEFAULT_LIMIT, listQueryString, MAX_LIMIT, parseListQuery, type ListQuery } from './list-query';

const def = defineEntity({
  name: 'city', api: 'city', table: 'city',
  fields: {
    name: f.text({ required: true, sortable: true }),
    state: f.ref('state', { required: true }),
    status: f.enum(['active', 'inactive'], { required: true }),
    note: f.text({ filterable: true }),
    rank: f.decimal({ sortable: true }),
    open: f.bool({ sortable: true }),
    secret: f.secret(),
  },
  titleFields: ['name'], columns: ['name', 'state', 'status'], defaultSort: { field: 'name', dir: 'asc' },
});

const parse = (qs: string) => parseListQuery(def, new URLSearchParams(qs));
const issues = (qs: string) => {
  const r = parse(qs);
  return 'issues' in r ? r.issues.map((i) => i.field) : [];
};

describe('parseListQuery', () => {
  test('no parameters: the default sort and limit', () => {
    expect(parse('')).toEqual({ query: { q: undefined, sort: { field: 'name', dir: 'asc' }, filters: {}, limit: DEFAULT_LIMIT, cursor: undefined } });
  });

  test('a full query', () => {
    expect(parse('q=%20mum%20&sort=createdAt:desc&filter[state]=3&filter[status]=active&filter[note]=x&limit=10&cursor=["2026-11-20T10:00:00.000Z",4]')).toEqual({
      query: { q: 'mum', sort: { field: 'createdAt', dir: 'desc' }, filters: { state: '3', status: 'active', note: 'x' }, limit: 10, cursor: ['2026-11-20T10:00:00.000Z', 4] },
    });
  });

  test('sort without a direction is ascending', () => {
    expect(parse('sort=updatedAt')).toMatchObject({ query: { sort: { field: 'updatedAt', dir: 'asc' } } });
  });

  test.each([
    ['sort=state', ['sort']],
    ['sort=secret:asc', ['sort']],
    ['sort=name:up', ['sort']],
    ['filter[name]=x', ['filter[name]']],
    ['filter[secret]=x', ['filter[secret]']],
    ['limit=0', ['limit']],
    [`limit=${MAX_LIMIT + 1}`, ['limit']],
    ['limit=2.5', ['limit']],
    ['limit=ten', ['limit']],
    ['cursor=nope', ['cursor']],
    ['cursor=[1]', ['cursor']],
    ['cursor=["a","b"]', ['cursor']],
    ['cursor={"a":1}', ['cursor']],
    // The sort value must have the sort column's type; the id must be a record id.
    ['sort=createdAt:asc&cursor=["abc",1]', ['cursor']],
    ['sort=rank:asc&cursor=["12",1]', ['cursor']],
    ['cursor=["Pune",2147483648]', ['cursor']],
    ['page=2', ['page']],
    [`q=${'x'.repeat(201)}`, ['q']],
    ['sort=nope&limit=0&cursor=x&offset=5', ['sort', 'offset', 'limit', 'cursor']],
  ])('%s → issues %j', (qs, fields) => {
    expect(issues(qs)).toEqual(fields);
  });

  test.each(['limit=1', `limit=${MAX_LIMIT}`, 'cursor=[null,7]', 'sort=rank:desc&cursor=[12.5,7]', 'sort=open:asc&cursor=[true,7]', 'cursor=["Pune",7]', 'q='])('%s is accepted', (qs) => {
    expect(parse(qs)).toHaveProperty('query');
  });
});

describe('listQueryString round trip', () => {
  const cases: Partial<ListQuery>[] = [
    { sort: { field: 'name', dir: 'desc' }, filters: {}, limit: 25 },
    { q: 'new delhi & co', sort: { field: 'createdAt', dir: 'asc' }, filters: { state: '5', status: 'inactive' }, limit: 200, cursor: ['2026-01-02T03:04:05.000Z', 17] },
    { sort: { field: 'name', dir: 'asc' }, filters: { note: 'a=b&c' }, limit: 1, cursor: [null, 3] },
  ];
  test.each(cases)('%#', (query) => {
    expect(parse(listQueryString(query))).toEqual({ query: { q: undefined, cursor: undefined, ...query } });
  });

  test('blank filters and an empty query are left out', () => {
    expect(listQueryString({ filters: { status: '' } })).toBe('');
    expect(listQueryString({})).toBe('');
  });
});

import { describe, expect, test } from 'vitest';
import { ENTITIES } from '../entities';
import { defineEntity, filterKeys, sortKeys, type EntityDef } from '../entity';
import { f } from '../fields';
import { columnName, columnsOf, snake } from './sql';

const def = defineEntity({
  name: 'sample', api: 'sample', table: 'sample',
  fields: {
    firstName: f.text({ required: true, sortable: true }),
    email: f.email({ required: true, unique: true }),
    note: f.longText({ filterable: true }),
    plain: f.text(),
    count: f.int(),
    ratio: f.decimal(),
    fee: f.money(),
    onDate: f.date(),
    at: f.datetime(),
    opensAt: f.time(),
    active: f.bool(),
    status: f.enum(['new', "o'clock"], { required: true }),
    rank: f.enum(['a', 'b'], { sortable: true }),
    state: f.ref('state', { required: true }),
    cities: f.refs('city'),
    items: f.list({ x: f.text() }),
    total: f.computed('money'),
    password: f.password({ required: true }),
  },
  titleFields: ['firstName'], columns: ['firstName'], defaultSort: { field: 'firstName', dir: 'asc' },
});
const tables: Record<string, string> = { state: 'state_t', city: 'city_t' };
const cols = Object.fromEntries(columnsOf(def, (e) => tables[e]).map((c) => [c.field, c]));

describe('columnsOf', () => {
  test.each([
    ['firstName', 'first_name', 'text'], ['email', 'email', 'text'], ['note', 'note', 'text'], ['count', 'count', 'integer'],
    ['ratio', 'ratio', 'double precision'], ['fee', 'fee', 'numeric(12,2)'], ['onDate', 'on_date', 'date'], ['at', 'at', 'timestamptz(3)'],
    ['opensAt', 'opens_at', 'time'], ['active', 'active', 'boolean'], ['status', 'status', 'text'], ['state', 'state', 'integer'],
    ['cities', 'cities', 'integer[]'], ['items', 'items', 'jsonb'], ['total', 'total', 'numeric(12,2)'], ['password', 'password_hash', 'text'],
  ])('%s → column %s of type %s', (field, column, type) => {
    expect(cols[field]).toMatchObject({ column, type });
  });

  test('not null for required fields, never for computed ones', () => {
    expect(Object.values(cols).filter((c) => c.notNull).map((c) => c.field).sort()).toEqual(['active', 'email', 'firstName', 'password', 'state', 'status']);
  });

  test('unique only where declared', () => {
    expect(Object.values(cols).filter((c) => c.unique).map((c) => c.field)).toEqual(['email']);
  });

  test('references name the target table', () => {
    expect(cols.state.references).toBe('state_t');
    expect(cols.cities.references).toBeUndefined();
  });

  test('enums check their values, quotes escaped', () => {
    expect(cols.status.check).toBe("status in ('new', 'o''clock')");
    expect(cols.plain.check).toBeUndefined();
  });

  test('unsortable, unfilterable plain columns get no index', () => {
    expect(cols.plain.indexed).toBe(false);
    expect(cols.count.indexed).toBe(false);
  });
});

/** docs/decisions.md#every-filterable-or-sortable-column-has-an-index: every sortable or filterable column has an index (references and enums are filterable). */
function unindexed(e: EntityDef, lookup: (entity: string) => string): string[] {
  const byField = new Map(columnsOf(e, lookup).map((c) => [c.field, c]));
  const keys = [...sortKeys(e), ...filterKeys(e)].filter((k) => byField.has(k));
  return keys.filter((k) => !byField.get(k)!.indexed);
}

describe('every sort and filter key is indexed', () => {
  test('in the sample', () => {
    expect(unindexed(def, (e) => tables[e])).toEqual([]);
    for (const k of ['firstName', 'note', 'status', 'rank', 'state', 'cities']) expect(cols[k].indexed, k).toBe(true);
  });

  test.each(ENTITIES.map((e) => [e.name, e] as const))('in %s', (_, e) => {
    expect(unindexed(e, (name) => ENTITIES.find((x) => x.name === name)?.table ?? name)).toEqual([]);
  });
});

describe('names', () => {
  test.each([['firstName', 'first_name'], ['admin-user', 'admin_user'], ['educational_categorymaster', 'educational_categorymaster'], ['aB', 'a_b']])(
    'snake(%s) = %s', (name, out) => expect(snake(name)).toBe(out),
  );
  test('a password column holds a hash', () => {
    expect(columnName('password', f.password())).toBe('password_hash');
    expect(columnName('newPassword', f.text())).toBe('new_password');
  });
});

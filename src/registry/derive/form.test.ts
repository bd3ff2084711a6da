import { afterEach, describe, expect, test } from 'vitest';
import { defineEntity } from '../entity';
import { inputSchema } from './input';
import { f } from '../fields';
import { formFields, fromForm, toForm } from './form';

/** One field of every kind, so each conversion is held both ways. */
const sample = defineEntity({
  name: 'sample', api: 'sample', table: 'sample',
  fields: {
    text: f.text({ required: true, sortable: true }),
    longText: f.longText(),
    richText: f.richText(),
    email: f.email(),
    phone: f.phone(),
    url: f.url(),
    code: f.code({ pattern: /^[A-Z]{3}$/ }),
    int: f.int(),
    decimal: f.decimal(),
    money: f.money(),
    date: f.date(),
    datetime: f.datetime(),
    time: f.time(),
    bool: f.bool(),
    enum: f.enum(['a', 'b']),
    ref: f.ref('state'),
    refs: f.refs('city'),
    image: f.image(),
    file: f.file(),
    secret: f.secret(),
    password: f.password({ required: true }),
    list: f.list({ label: f.text({ required: true }), qty: f.int(), due: f.date() }),
    computed: f.computed('int'),
    key: f.text(),
  },
  titleFields: ['text'], columns: ['text'], defaultSort: { field: 'text', dir: 'asc' }, immutable: ['key'],
});

/** A record as the server returns it. */
const record = {
  id: 4, version: 3, text: 'Cardiology', longText: 'Heart\nand vessels', richText: '<p>Hi</p>', email: 'a@b.in', phone: '+91 98765 43210',
  url: 'https://example.in/x', code: 'ABC', int: 42, decimal: -3.5, money: 1234.5, date: '2026-03-01', datetime: '2026-03-01T04:30:00.000Z',
  time: '09:15', bool: true, enum: 'b', ref: 7, refs: [1, 2], image: 'content/uploads/a.png', file: 'https://example.in/a.pdf',
  secret: null, password: null, list: [{ label: 'x', qty: 2, due: '2026-01-02' }], computed: 99, key: 'k1', _set: { secret: true, password: true },
};
const blank = Object.fromEntries(Object.keys(record).map((k) => [k, null]));

const originalTz = process.env.TZ;
afterEach(() => { process.env.TZ = originalTz; });

describe('toForm', () => {
  test('add: the declared defaults, blank inputs elsewhere, no computed field', () => {
    const v = toForm(sample);
    expect(v).toMatchObject({ text: '', int: '', bool: false, enum: '', refs: [], list: [], ref: '', password: '' });
    expect(v).not.toHaveProperty('computed');
    expect(Object.keys(v)).toEqual(formFields(sample).map(([k]) => k));
  });

  test('edit: inputs hold strings; write-only fields are blank; the version is carried', () => {
    const v = toForm(sample, record);
    expect(v).toMatchObject({ int: '42', decimal: '-3.5', money: '1234.5', ref: '7', refs: [1, 2], bool: true, secret: '', password: '', version: 3, time: '09:15' });
    expect(v.list).toEqual([{ label: 'x', qty: '2', due: '2026-01-02' }]);
    expect(v).not.toHaveProperty('computed');
  });

  test('a datetime shows in local time, as a datetime-local input expects', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(toForm(sample, record).datetime).toBe('2026-03-01T10:00');
  });
});

describe('fromForm(toForm(record)) gives the record back', () => {
  test.each(['UTC', 'Asia/Kolkata', 'America/New_York'])('in time zone %s', (tz) => {
    process.env.TZ = tz;
    const out = fromForm(sample, toForm(sample, record), 'update');
    const { id: _id, _set, computed: _c, secret: _s, password: _p, key: _k, ...expected } = record;
    expect(out).toEqual(expected);
    // And the payload passes the entity's own schema.
    expect(inputSchema(sample, 'update').safeParse(out).success).toBe(true);
  });

  test('blank optional fields become null, blank write-only fields are left out on edit', () => {
    const out = fromForm(sample, toForm(sample, { ...blank, text: 't', bool: false, refs: [], list: [], version: 1 }), 'update');
    expect(out).toMatchObject({ longText: null, int: null, ref: null, date: null, datetime: null, enum: null, refs: [], list: [], bool: false, version: 1 });
    expect(out).not.toHaveProperty('password');
    expect(out).not.toHaveProperty('secret');
  });

  test('on add a blank write-only field is sent (as null) so that a required one is refused', () => {
    const out = fromForm(sample, { ...toForm(sample), text: 'x' }, 'create');
    expect(out.password).toBeNull();
    const r = inputSchema(sample, 'create').safeParse(out);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['password']);
  });

  test('immutable fields are not sent on edit', () => {
    expect(fromForm(sample, toForm(sample, record), 'update')).not.toHaveProperty('key');
    expect(fromForm(sample, { key: 'k2', text: 'x' }, 'create')).toMatchObject({ key: 'k2' });
  });
});

describe('fromForm per kind', () => {
  test.each([
    ['int', '1,234', 1234],
    ['int', 'abc', 'abc'],
    ['money', '99.95', 99.95],
    ['decimal', '', null],
    ['ref', '12', 12],
    ['ref', '', null],
    ['refs', ['3', '4'], [3, 4]],
    ['bool', '', false],
    ['datetime', 'not a date', 'not a date'],
    ['text', '', null],
  ] as const)('%s %j → %j', (field, raw, value) => {
    expect(fromForm(sample, { [field]: raw }, 'create')).toEqual({ [field]: value });
  });

  test('fields absent from the form are absent from the payload', () => {
    expect(fromForm(sample, { text: 'a' }, 'create')).toEqual({ text: 'a' });
  });
});

import { describe, expect, test } from 'vitest';
import { defineEntity, filterKeys, sortKeys, subtitleOf, titleOf, type EntityDef } from './entity';
import { inputSchema } from './derive/input';
import { f } from './fields';

const base = (over: Partial<EntityDef> = {}): EntityDef => ({
  name: 'sample', api: 'sample', table: 'sample',
  fields: {
    name: f.text({ required: true, sortable: true }),
    code: f.code({ required: true, unique: true }),
    note: f.longText(),
    status: f.enum(['active', 'inactive'], { required: true }),
    state: f.ref('state'),
    pin: f.secret(),
    password: f.password({ required: true }),
    total: f.computed('int'),
  },
  titleFields: ['name'], subtitleFields: ['code'], columns: ['name', 'code'], defaultSort: { field: 'name', dir: 'asc' }, immutable: ['code'],
  ...over,
});
const def = defineEntity(base());
const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues.map((i) => i.path.join('.')).sort() ?? [];

describe('defineEntity rejects a bad declaration', () => {
  test.each([
    ['a column that is not a field', { columns: ['name', 'nope'] }, /column nope is not a field/],
    ['a title field that is not a field', { titleFields: ['nope'] }, /title field nope/],
    ['a subtitle field that is not a field', { subtitleFields: ['nope'] }, /title field nope/],
    ['an unsortable default sort', { defaultSort: { field: 'note', dir: 'asc' } }, /default sort note is not sortable/],
    ['a ref without a target', { fields: { ...base().fields, bad: { ...f.ref('x'), ref: undefined } } }, /field bad has no target/],
    ['a refs without a target', { fields: { ...base().fields, bad: { ...f.refs('x'), ref: undefined } } }, /field bad has no target/],
    ['a write-only column', { columns: ['name', 'pin'] }, /write-only pin/],
    ['a sortable write-only field', { fields: { ...base().fields, pin: { ...f.secret(), sortable: true } } }, /write-only pin/],
    ['a searchable write-only field', { fields: { ...base().fields, password: { ...f.password(), searchable: true } } }, /write-only password/],
  ] as const)('%s', (_, over, message) => {
    expect(() => defineEntity(base(over as Partial<EntityDef>))).toThrow(message);
  });

  test('every problem is named at once, with the entity', () => {
    expect(() => defineEntity(base({ columns: ['x'], titleFields: ['y'] }))).toThrow(/^entity sample: column x is not a field; title field y/);
  });

  test('the record timestamps are always sortable', () => {
    expect(defineEntity(base({ defaultSort: { field: 'createdAt', dir: 'desc' } })).defaultSort.field).toBe('createdAt');
    expect(sortKeys(def)).toEqual(['name', 'createdAt', 'updatedAt']);
    expect(filterKeys(def)).toEqual(['status', 'state']);
  });
});

describe('inputSchema', () => {
  const create = inputSchema(def, 'create');
  const update = inputSchema(def, 'update');
  const valid = { name: 'A', code: 'X1', status: 'active', password: 'correct horse battery' };

  test('create: required fields are required, optional ones may be null or absent', () => {
    expect(create.safeParse(valid).success).toBe(true);
    expect(create.safeParse({ ...valid, note: null, state: null, pin: null }).success).toBe(true);
    expect(issuePaths(create.safeParse({}))).toEqual(['code', 'name', 'password']);
  });

  test('create: a declared default applies when the field is left out (the required enum takes its first value)', () => {
    const { status: _, ...rest } = valid;
    const parsed = create.safeParse(rest);
    expect(parsed.success).toBe(true);
    expect(parsed.data!.status).toBe('active');
  });

  test('unknown keys are refused, and so is a computed field or a version on create', () => {
    expect(create.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(create.safeParse({ ...valid, total: 3 }).success).toBe(false);
    expect(create.safeParse({ ...valid, version: 1 }).success).toBe(false);
    expect(create.safeParse({ ...valid, id: 9 }).success).toBe(false);
  });

  test('update needs a positive whole version', () => {
    const { password: _, ...rest } = valid;
    expect(update.safeParse({ ...rest, version: 2 }).success).toBe(true);
    expect(issuePaths(update.safeParse(rest))).toEqual(['version']);
    for (const version of [0, 1.5, '2', null]) expect(update.safeParse({ ...rest, version }).success, String(version)).toBe(false);
  });

  test('write-only fields are optional on update (blank keeps the stored value), still checked when given', () => {
    const { password: _, ...rest } = valid;
    expect(update.safeParse({ ...rest, version: 1 }).success).toBe(true);
    expect(update.safeParse({ ...rest, password: null, version: 1 }).success).toBe(true);
    expect(issuePaths(update.safeParse({ ...rest, password: 'short', version: 1 }))).toEqual(['password']);
  });

  test('immutable fields are optional on update', () => {
    const { code: _, password: __, ...rest } = valid;
    expect(update.safeParse({ ...rest, version: 1 }).success).toBe(true);
    expect(issuePaths(create.safeParse({ ...valid, code: undefined }))).toEqual(['code']);
  });

  test('values are parsed as the field kinds say', () => {
    expect(create.safeParse({ ...valid, name: '  A  ' }).data?.name).toBe('A');
    expect(issuePaths(create.safeParse({ ...valid, status: 'gone', state: 0, name: '' }))).toEqual(['name', 'state', 'status']);
  });

  test('refine adds cross-field rules after the field schemas', () => {
    const refined = defineEntity(base({
      refine: (v, ctx) => { if (v.note === v.name) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Differ' }); },
    }));
    expect(issuePaths(inputSchema(refined, 'create').safeParse({ ...valid, note: 'A' }))).toEqual(['note']);
    expect(inputSchema(refined, 'create').safeParse({ ...valid, note: 'B' }).success).toBe(true);
  });
});

describe('titleOf and subtitleOf', () => {
  test('join the declared fields, skipping blanks', () => {
    const two = defineEntity(base({ titleFields: ['name', 'note'], subtitleFields: ['code', 'status'] }));
    expect(titleOf(two, { name: 'A', note: 'B' })).toBe('A B');
    expect(titleOf(two, { name: 'A', note: '' })).toBe('A');
    expect(subtitleOf(two, { code: 'X', status: 'active' })).toBe('X · active');
    expect(subtitleOf(defineEntity(base({ subtitleFields: undefined })), { code: 'X' })).toBe('');
  });
});

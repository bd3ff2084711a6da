import { sql, type RawBuilder } from 'kysely';
import { columnName, shownKind, type EntityDef, type FieldDef } from '../../registry';
import { ident } from '../db/entity-table';

/** SQL for one field, as a qualified column of alias `t`. */
export const col = (def: EntityDef, field: string): string => {
  if (field === 'createdAt') return 't.created_at';
  if (field === 'updatedAt') return 't.updated_at';
  if (field === 'id') return 't.id';
  return `t.${ident(columnName(field, def.fields[field]))}`;
};

/** The select list of a record: every readable field under its camelCase name; write-only ones only say whether they are set. */
export function selectList(def: EntityDef): RawBuilder<unknown> {
  const parts = ['t.id', 't.version', 't.created_at as "createdAt"', 't.updated_at as "updatedAt"', 't.created_by as "createdBy"', 't.updated_by as "updatedBy"'];
  for (const [k, fd] of Object.entries(def.fields)) {
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(k)) throw new Error(`unsafe field name ${k}`);
    if (fd.writeOnly) parts.push(`(${col(def, k)} is not null) as "${k}__set"`);
    else parts.push(`${col(def, k)} as "${k}"`);
  }
  return sql.raw(parts.join(', '));
}

/** Only what a record's title is made of (and its id): labels of references need no more than that. */
export function titleSelectList(def: EntityDef): RawBuilder<unknown> {
  return sql.raw(['t.id', ...def.titleFields.map((k) => `${col(def, k)} as "${k}"`)].join(', '));
}

/** A database row → the API's record: write-only flags gathered under `_set`. */
export function toRecord(def: EntityDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set: Record<string, boolean> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k.endsWith('__set')) set[k.slice(0, -5)] = Boolean(v);
    else out[k] = v;
  }
  if (Object.keys(set).length) out._set = set;
  void def;
  return out;
}

/** A value for a parameter of the field's column type. */
export function param(fd: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (fd.kind === 'list') return JSON.stringify(value);
  void shownKind;
  return value;
}

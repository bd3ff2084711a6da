import type { EntityDef } from '../entity';
import { holdsDays, shownKind, type FieldDef, type FieldKind } from '../fields';

/** The SQL shape of an entity, projected from its fields. Read by migrations and the generic CRUD. */
export interface ColumnSpec {
  field: string;
  column: string;
  type: string;
  notNull: boolean;
  unique: boolean;
  indexed: boolean;
  references?: string;
  check?: string;
}

const SQL_TYPES: Record<FieldKind, string> = {
  text: 'text', longText: 'text', richText: 'text', email: 'text', phone: 'text', url: 'text', code: 'text',
  int: 'integer', decimal: 'double precision', money: 'numeric(12,2)', date: 'date', datetime: 'timestamptz(3)',
  time: 'time', bool: 'boolean', enum: 'text', ref: 'integer', refs: 'integer[]', image: 'text', file: 'text',
  secret: 'text', password: 'text', list: 'jsonb', computed: 'text',
};

export function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');
}

export function columnName(field: string, fd: FieldDef): string {
  return fd.kind === 'password' ? `${snake(field)}_hash` : snake(field);
}

export function columnsOf(def: EntityDef, tableOf: (entity: string) => string): ColumnSpec[] {
  return Object.entries(def.fields).map(([field, fd]) => {
    const kind = shownKind(fd);
    const column = columnName(field, fd);
    const spec: ColumnSpec = {
      field,
      column,
      type: SQL_TYPES[kind],
      notNull: fd.required && fd.kind !== 'computed',
      unique: !!fd.unique,
      indexed: !!(fd.sortable || fd.filterable || fd.kind === 'ref' || fd.kind === 'refs' || fd.kind === 'enum' || holdsDays(fd)),
    };
    if (fd.kind === 'ref') spec.references = tableOf(fd.ref!);
    if (fd.kind === 'enum') spec.check = `${column} in (${fd.values!.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;
    return spec;
  });
}

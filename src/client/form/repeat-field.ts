import type { TFunction } from 'i18next';
import { formFields, fromForm, inputSchema, toForm, type EntityDef } from '../../registry';
import { noteRepeatable, valueLabel } from '../../../commands';
import { entities, type Row } from '../api/entities';
import { readNow } from '../api/query-client';
import { writes } from '../api/writes';

/**
 * One field of a record set to a value, the rest left as they are: an edit's whole payload (the API edits a record
 * whole, with its version), from the record as it is now. What `.` does after an edit that changed one field.
 * `inPlace`: the record is set in its lists where it shows, not read again (a row of a list worked through by keyboard).
 */
export async function setField(def: EntityDef, id: number, field: string, value: unknown, opts: { inPlace?: boolean } = {}): Promise<Row> {
  const now = await readNow(entities.get(def, id));
  const raw = { ...fromForm(def, toForm(def, { ...now, [field]: value }, 'update'), 'update'), version: now.version };
  const parsed = inputSchema(def, 'update').safeParse(raw);
  return writes.update(def, id, parsed.success ? parsed.data : raw, { inPlace: opts.inPlace });
}

/** The fields an edit changed (their stored values differ), among those its form writes. */
export function changedFields(def: EntityDef, before: Row, after: Row): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return formFields(def, 'update').map(([f]) => f).filter((f) => !def.fields[f]?.writeOnly && !same(before[f], after[f]));
}

/** How a field's new value reads in "Repeat: Set Priority to Urgent": an enum's label, a reference's title, the text. */
function valueText(t: TFunction, def: EntityDef, field: string, record: Row): string {
  const fd = def.fields[field];
  const v = record[field];
  if (v === null || v === undefined || v === '') return t('repeat.blank');
  if (fd.kind === 'enum') return valueLabel(t, def.name, field, String(v));
  if (fd.kind === 'bool') return t(v ? 'value.yes' : 'value.no');
  const labels = record._labels as Record<string, unknown> | undefined;
  if (fd.kind === 'ref') return typeof labels?.[field] === 'string' ? String(labels[field]) : `#${String(v)}`;
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** After an edit: one that changed exactly one field (of a kind set whole) is what `.` repeats next. */
export function noteFieldEdit(t: TFunction, def: EntityDef, before: Row, after: Row) {
  const changed = changedFields(def, before, after);
  if (changed.length !== 1) return;
  const [field] = changed;
  // A list's items or an upload belong to their record: never set on another.
  if (['list', 'image', 'file'].includes(def.fields[field].kind) || def.fields[field].unique) return;
  noteRepeatable({ kind: 'field', entity: def.name, field, value: after[field], label: valueText(t, def, field, after) });
}

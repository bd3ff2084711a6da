import type { EntityDef } from '../entity';
import { isInput, shownKind, type FieldDef } from '../fields';
import { inputFields, type InputMode } from './input';

/** Form values are what inputs hold (strings, booleans, id lists); these two functions convert both ways. */
export type FormValues = Record<string, unknown>;

/** The fields a form shows, in declaration order: the fields the server owns (owned.ts) are not typed in. */
export function formFields(def: EntityDef, mode: InputMode = 'create'): [string, FieldDef][] {
  return Object.entries(inputFields(def, mode));
}

function fieldFromForm(fd: FieldDef, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  switch (fd.kind) {
    case 'bool':
      return Boolean(raw);
    case 'refs':
      return Array.isArray(raw) ? raw.map(Number) : [];
    case 'list':
      return Array.isArray(raw) ? raw.map((item) => convert(fd.item!, item as FormValues)) : [];
    case 'ref':
      return raw === '' || raw === null ? null : Number(raw);
    case 'int': case 'decimal': case 'money': {
      if (raw === '' || raw === null) return null;
      const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, ''));
      return Number.isNaN(n) ? raw : n;
    }
    case 'datetime': {
      if (raw === '' || raw === null) return null;
      const d = new Date(String(raw));
      return Number.isNaN(d.getTime()) ? raw : d.toISOString();
    }
    default:
      return raw === '' || raw === null ? null : raw;
  }
}

function convert(fields: Record<string, FieldDef>, values: FormValues, omitBlankSecrets = false): FormValues {
  const out: FormValues = {};
  for (const [k, fd] of Object.entries(fields)) {
    if (!isInput(fd) || !(k in values)) continue;
    const v = fieldFromForm(fd, values[k]);
    if (omitBlankSecrets && fd.writeOnly && (v === null || v === undefined)) continue;
    if (v === null && !fd.required) { out[k] = null; continue; }
    out[k] = v;
  }
  return out;
}

/** Form → payload. On edit a blank write-only field means "keep", so it is left out. */
export function fromForm(def: EntityDef, values: FormValues, mode: InputMode): FormValues {
  const out = convert(inputFields(def, mode), values, mode === 'update');
  if (mode === 'update') {
    for (const k of def.immutable ?? []) delete out[k];
    out.version = values.version;
  }
  return out;
}

/** An ISO instant → the local `YYYY-MM-DDTHH:mm` a datetime-local input holds; fromForm reads it back as local time. */
function localDateTime(v: string): string {
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return v.slice(0, 16);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

function fieldToForm(fd: FieldDef, v: unknown): unknown {
  if (fd.writeOnly) return '';
  if (fd.kind === 'list') return Array.isArray(v) ? v.map((item) => toFormFields(fd.item!, item as FormValues)) : [];
  if (fd.kind === 'refs') return Array.isArray(v) ? v : [];
  if (fd.kind === 'bool') return Boolean(v);
  if (v === null || v === undefined) return '';
  if (shownKind(fd) === 'datetime') return localDateTime(String(v));
  if (shownKind(fd) === 'time') return String(v).slice(0, 5);
  return typeof v === 'number' ? String(v) : v;
}

function toFormFields(fields: Record<string, FieldDef>, row: FormValues): FormValues {
  return Object.fromEntries(Object.entries(fields).filter(([, fd]) => isInput(fd)).map(([k, fd]) => [k, fieldToForm(fd, row[k])]));
}

/** Record → form values (edit), or the declared defaults (add, raise). */
export function toForm(def: EntityDef, row?: FormValues, mode: InputMode = 'create'): FormValues {
  if (row) return { ...toFormFields(inputFields(def), row), version: row.version };
  return Object.fromEntries(formFields(def, mode).map(([k, fd]) => [k, fd.defaultValue ?? fieldToForm(fd, undefined)]));
}

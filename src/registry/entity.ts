import { z } from 'zod';
import { isInput, memberSchema, type FieldDef } from './fields';

export type SortDir = 'asc' | 'desc';

/**
 * One entity, declared once. Every surface is a projection of this: routes, sidebar entry, list columns,
 * form fields, details, commands (client); table, indexes, CRUD routes, validation, search rows (server).
 */
export interface EntityDef {
  /** Route segment and policy resource (spec §2), e.g. `speciality`. */
  name: string;
  /** Route path under /dashboard when it differs from the name (fmc slots live at `fmc/slots`). */
  path?: string;
  /** API resource under /api, e.g. `specialist` (spec §7). */
  api: string;
  /** SQL table; identifiers in SQL only ever come from here. */
  table: string;
  fields: Record<string, FieldDef>;
  /** Fields joined to make a record's title (palette, selects, search). */
  titleFields: string[];
  /** Fields joined to make a record's subtitle (palette, search). */
  subtitleFields?: string[];
  /** List columns, in order. */
  columns: string[];
  defaultSort: { field: string; dir: SortDir };
  /** Sidebar placement: a group id of commands/menu.ts and an order within it. */
  nav?: { group: string; order: number };
  /** Rows that must stay (built-in roles): the server refuses to delete a row whose `field` is in `values`. */
  protectedRows?: { field: string; values: readonly string[] };
  /** Extra cross-field rules, run after the field schemas (form and server). */
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  /** Fields that do not change after creation (a built-in role's key). */
  immutable?: string[];
  /** Each fmc-scoped screen etc. may later add more; kept explicit, no catch-all bag. */
}

const SYSTEM_SORTS = ['createdAt', 'updatedAt'] as const;

export function defineEntity(def: EntityDef): EntityDef {
  const problems: string[] = [];
  const has = (k: string) => k in def.fields;
  for (const c of def.columns) if (!has(c)) problems.push(`column ${c} is not a field`);
  for (const t of [...def.titleFields, ...(def.subtitleFields ?? [])]) if (!has(t)) problems.push(`title field ${t} is not a field`);
  if (!sortKeys(def).includes(def.defaultSort.field)) problems.push(`default sort ${def.defaultSort.field} is not sortable`);
  for (const [k, fd] of Object.entries(def.fields)) {
    if ((fd.kind === 'ref' || fd.kind === 'refs') && !fd.ref) problems.push(`field ${k} has no target`);
    if (fd.writeOnly && (fd.sortable || fd.searchable || def.columns.includes(k))) problems.push(`write-only ${k} cannot be shown, sorted or searched`);
  }
  if (problems.length) throw new Error(`entity ${def.name}: ${problems.join('; ')}`);
  return def;
}

/** Sort keys the list offers: the sortable fields plus the record's timestamps. */
export function sortKeys(def: EntityDef): string[] {
  return [...Object.entries(def.fields).filter(([, fd]) => fd.sortable).map(([k]) => k), ...SYSTEM_SORTS];
}

export function filterKeys(def: EntityDef): string[] {
  return Object.entries(def.fields).filter(([, fd]) => fd.filterable || fd.kind === 'ref' || fd.kind === 'enum').map(([k]) => k);
}

/** The payload schema shared by the form resolver and the server's validator. Unknown keys are refused. */
export function inputSchema(def: EntityDef, mode: 'create' | 'update'): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, fd] of Object.entries(def.fields)) {
    if (!isInput(fd)) continue;
    if (mode === 'update' && def.immutable?.includes(k)) { shape[k] = memberSchema(fd, 'update').optional(); continue; }
    shape[k] = memberSchema(fd, mode);
  }
  if (mode === 'update') shape.version = z.number().int().min(1);
  const base = z.strictObject(shape);
  return (def.refine ? base.superRefine((v, ctx) => def.refine!(v as Record<string, unknown>, ctx)) : base) as z.ZodType<Record<string, unknown>>;
}

export function titleOf(def: EntityDef, row: Record<string, unknown>): string {
  return def.titleFields.map((k) => row[k]).filter((v) => v !== null && v !== undefined && v !== '').join(' ');
}

export function subtitleOf(def: EntityDef, row: Record<string, unknown>): string {
  return (def.subtitleFields ?? []).map((k) => row[k]).filter((v) => v !== null && v !== undefined && v !== '').join(' · ');
}

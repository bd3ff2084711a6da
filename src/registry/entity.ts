import { z } from 'zod';
import { holdsDays, shownKind, type FieldDef } from './fields';
import type { ListView, Workflow } from './workflow';

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
  /** Composite indexes beyond the one per sortable or filterable column: each (fields…, id), for a filter read in a sort order. */
  indexes?: readonly (readonly string[])[];
  /** A status moved only by transitions (registry/workflow.ts): routes, commands, buttons, the transition endpoint. */
  workflow?: Workflow;
  /** Lists by status, one route each (`appointments/missed`); the entity then has no plain list route. */
  views?: readonly ListView[];
  /**
   * The record page's path under /dashboard when it is not `{path}/{action}/:id`; `:status` is any view segment
   * (the spec's `requestVerification/{status}/view/{id}`).
   */
  recordPath?: string;
  /**
   * The field naming the record's family medical centre: fmc staff and doctors (CENTRE_SCOPED_ROLES) see only
   * their centres' records (list, read, write, pickers, search; another centre's record answers 404). `id` for fmc itself.
   */
  scope?: string;
  /**
   * What a role that may only raise the record (policy action `raise`, not `add`) gives: these fields and no other
   * (a ticket's subject, description, centre and priority; never its assignee). The form shows them, the server
   * refuses the rest as unknown fields.
   */
  raiseFields?: readonly string[];
}

const SYSTEM_SORTS = ['createdAt', 'updatedAt'] as const;

/** The staff accounts: who signs in, holds a role and may be given a record (FieldDef.assigned). */
export const USERS = 'admin-user';

export function defineEntity(def: EntityDef): EntityDef {
  const problems: string[] = [];
  const has = (k: string) => k in def.fields;
  for (const c of def.columns) if (!has(c)) problems.push(`column ${c} is not a field`);
  for (const t of [...def.titleFields, ...(def.subtitleFields ?? [])]) if (!has(t)) problems.push(`title field ${t} is not a field`);
  if (!sortKeys(def).includes(def.defaultSort.field)) problems.push(`default sort ${def.defaultSort.field} is not sortable`);
  for (const [k, fd] of Object.entries(def.fields)) {
    if ((fd.kind === 'ref' || fd.kind === 'refs') && !fd.ref) problems.push(`field ${k} has no target`);
    if (fd.assigned && (fd.kind !== 'ref' || fd.ref !== USERS)) problems.push(`assigned field ${k} is not a reference to ${USERS}`);
    if (fd.writeOnly && (fd.sortable || fd.searchable || def.columns.includes(k))) problems.push(`write-only ${k} cannot be shown, sorted or searched`);
  }
  const wf = def.workflow;
  if (wf) {
    const values = def.fields[wf.field]?.values ?? [];
    if (def.fields[wf.field]?.kind !== 'enum') problems.push(`workflow field ${wf.field} is not an enum`);
    for (const s of [wf.initial, ...wf.transitions.flatMap((t) => [...t.from, t.to])]) if (!values.includes(s)) problems.push(`workflow status ${s} is not a value of ${wf.field}`);
    for (const t of wf.transitions) for (const k of [...Object.keys(t.sets ?? {}), ...(t.input ?? [])]) if (!has(k)) problems.push(`transition ${t.name} sets ${k}, which is not a field`);
    if (wf.mirror && def.fields[wf.mirror.ref]?.kind !== 'ref') problems.push(`workflow mirror ${wf.mirror.ref} is not a reference`);
    for (const t of wf.transitions) if (t.review && def.fields[t.review.names]?.kind !== 'ref') problems.push(`transition ${t.name} reviews ${t.review.names}, which is not a reference`);
    for (const t of wf.transitions) if (t.notBefore && !['date', 'datetime'].includes(def.fields[t.notBefore]?.kind ?? '')) problems.push(`transition ${t.name} waits for ${t.notBefore}, which is not a date`);
    for (const t of wf.transitions) if (t.refNotIn && def.fields[t.refNotIn.ref]?.kind !== 'ref') problems.push(`transition ${t.name} checks ${t.refNotIn.ref}, which is not a reference`);
    const names = wf.transitions.map((t) => t.name);
    if (new Set(names).size !== names.length) problems.push('transition names repeat');
  }
  for (const v of def.views ?? []) for (const k of Object.keys(v.filters ?? {})) if (!filterKeys(def).includes(k)) problems.push(`view ${v.segment} filters by ${k}, which is not filterable`);
  for (const ix of def.indexes ?? []) for (const k of ix) if (!has(k) && !SYSTEM_SORTS.includes(k as never)) problems.push(`index field ${k} is not a field`);
  if (def.scope && def.scope !== 'id' && def.fields[def.scope]?.ref !== 'fmc') problems.push(`scope ${def.scope} is not a reference to fmc`);
  if (problems.length) throw new Error(`entity ${def.name}: ${problems.join('; ')}`);
  return def;
}

/** Sort keys the list offers: the sortable fields plus the record's timestamps. */
export function sortKeys(def: EntityDef): string[] {
  return [...Object.entries(def.fields).filter(([, fd]) => fd.sortable).map(([k]) => k), ...SYSTEM_SORTS];
}

/**
 * Kinds a sortable field is also filtered by: its column is indexed for the sort already, so a range of dates or
 * amounts (`filter[amount]=500..2000`), or yes/no, is read through that index at no further cost.
 */
const FILTERED_WHEN_SORTED = new Set(['date', 'datetime', 'money', 'int', 'decimal', 'bool']);

/**
 * The fields a list may be filtered by: those marked so, references, enums, every date and moment (each indexed for
 * it: derive/sql.ts), and sortable numbers and yes/no.
 */
export function filterKeys(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => fd.filterable || fd.kind === 'ref' || fd.kind === 'enum' || holdsDays(fd) || (fd.sortable && FILTERED_WHEN_SORTED.has(shownKind(fd))))
    .map(([k]) => k);
}

export function titleOf(def: EntityDef, row: Record<string, unknown>): string {
  return def.titleFields.map((k) => row[k]).filter((v) => v !== null && v !== undefined && v !== '').join(' ');
}

export function subtitleOf(def: EntityDef, row: Record<string, unknown>): string {
  return (def.subtitleFields ?? []).map((k) => row[k]).filter((v) => v !== null && v !== undefined && v !== '').join(' · ');
}

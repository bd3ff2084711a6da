import { can, inputFields, ownedFields, shownKind, type EntityDef, type FieldKind, type Role } from '../../registry';

/**
 * Why a list's cell may not be edited in place, or null when it may: the edit form's own rules (the role may edit the
 * entity; the field is one an edit writes, not the server's), and a kind a cell can hold an editor for. The server
 * checks all of it again on save; this only keeps an editor from opening on a cell whose save would be refused.
 */
export type NotEditable = 'role' | 'computed' | 'owned' | 'fixed' | 'inForm';

/** Kinds edited in the form only: a list of items, an upload, rich text, several references, a secret. */
const FORM_ONLY = new Set<FieldKind>(['list', 'image', 'file', 'richText', 'refs', 'secret', 'password', 'longText']);

export function whyNotEditable(def: EntityDef, role: Role | null, field: string): NotEditable | null {
  if (!can(role, def.name, 'edit')) return 'role';
  const owned = ownedFields(def)[field];
  if (owned === 'computed') return 'computed';
  if (owned) return 'owned';
  const fd = inputFields(def, 'update')[field];
  if (!fd || def.immutable?.includes(field)) return 'fixed';
  if (fd.writeOnly || FORM_ONLY.has(shownKind(fd))) return 'inForm';
  // Its choices are another entity's (a rule's record kind, and the status it waits for, one of that kind's own): the
  // form offers only those of the kind chosen (form/rule-form.tsx); a cell would offer every kind's.
  if (fd.namesOthers) return 'inForm';
  return null;
}

import { entityPath, type EntityDef } from '../../registry';

/**
 * The address of the list each entity was last shown in (its view, search, sort and filters), so that a details
 * page's Back and Esc return to the list the user came from ("Appointments: Missed", filtered) rather than the
 * entity's first view. Kept for the session's page only: a reload starts from the address itself.
 */
const lastList = new Map<string, string>();

export function rememberList(def: EntityDef, href: string) {
  lastList.set(def.name, href);
}

/**
 * Where Back goes: the list the user came from (after approving a request opened from "Requested", back to the
 * requested ones, the next to review), else, for an address opened directly, the list of `view` (a record path's
 * status), else the entity's first view.
 */
export function listHref(def: EntityDef, view?: string): string {
  return lastList.get(def.name) ?? entityPath(def, 'list', undefined, view);
}

/** The row each entity's list last opened (its record, or its edit form): the list coming back makes it current again. */
const lastRow = new Map<string, number>();

export function rememberRow(def: EntityDef, id: number) {
  lastRow.set(def.name, id);
}

/** The row to come back to, once: a later visit of the list starts at its top. */
export function takeRememberedRow(def: EntityDef): number | null {
  const id = lastRow.get(def.name) ?? null;
  lastRow.delete(def.name);
  return id;
}

import { z } from 'zod';
import type { EntityDef } from './entity';
import { ENTITIES } from './entities';
import { entityByName } from './catalog';
import { allRoutes, DASHBOARD, type RouteSpec } from './derive/routes';
import { parseListQuery, type QueryIssue } from './derive/list-query';
import { canAccess, type Roles } from './policy';
import { ROLES, type Role } from './roles';
import { withoutInvisible } from './fields';

/**
 * Saved views: a list's address (its search, sort and filters, as listQueryString writes them) kept under a name, the
 * caller's own or shared with roles. One declaration read by the server (POST/PUT /api/views) and the client (the
 * palette's "Views", the sidebar, "Save this view…"), so both judge an address the same way.
 */
export const VIEW_NAME_MAX = 80;
export const VIEW_ADDRESS_MAX = 2000;
/** How many views one user may keep: the palette and the sidebar list them all. */
export const VIEWS_PER_USER = 100;
/** What the audit log calls a saved view (it is no entity of the registry: a user's own setting). */
export const SAVED_VIEW_ENTITY = 'savedView';
/** Who may share a view with roles (issue: only superadmin and admin); anyone keeps views of their own. */
export const VIEW_SHARERS: Roles = ['superadmin', 'admin'];

export const mayShareViews = (role: Role | null | undefined) => canAccess(VIEW_SHARERS, role);

// Built in calls marked pure, as preferences.ts does: the client's first load leaves them out until they are used.
const viewName = /* @__PURE__ */ (() => withoutInvisible(z.string().trim().min(1, 'Give the view a name').max(VIEW_NAME_MAX, `A name has at most ${VIEW_NAME_MAX} characters`)) as z.ZodType<string>)();
const viewAddress = /* @__PURE__ */ (() => z.string().min(1, 'Give the address of a list').max(VIEW_ADDRESS_MAX, 'The address is too long'))();
const sharedRoles = /* @__PURE__ */ (() => z.array(z.enum(ROLES)).max(ROLES.length).refine((r) => new Set(r).size === r.length, 'Name each role once'))();

export const savedViewCreate = /* @__PURE__ */ (() => z.strictObject({ name: viewName, address: viewAddress, shared: sharedRoles.default([]) }))();
export const savedViewUpdate = /* @__PURE__ */ (() => z.strictObject({ name: viewName.optional(), address: viewAddress.optional(), shared: sharedRoles.optional() })
  .refine((v) => Object.keys(v).length > 0, 'Change at least one of name, address and shared'))();

/** A view as the API answers it: `mine` when the caller owns it (only then may they change or delete it). */
export interface SavedView {
  id: number;
  name: string;
  address: string;
  shared: Role[];
  mine: boolean;
  owner: { id: number; name: string };
  version: number;
}

/** The lists of the console, by address: an entity's list, or one of its lists by status. */
let listRoutes: Map<string, RouteSpec> | undefined;
const lists = () => (listRoutes ??= new Map(allRoutes(ENTITIES).filter((r) => r.screen === 'list').map((r) => [r.path, r])));

/** The query parameters a list keeps in its address (use-list-address.ts); a page's cursor and size are not a view. */
const LIST_PARAM = /^(q|sort|filter\[.+\])$/;

export type ViewAddress =
  | { ok: true; def: EntityDef; path: string; view?: string }
  | { ok: false; issues: QueryIssue[]; def?: EntityDef; path?: string };

/**
 * Whether `address` is a console list address that `role` may open, and what in it does not parse: a path that is no
 * list, a list the role may not open, a parameter the list does not know, a field it cannot sort or filter by (one
 * removed since the view was saved). With a known list, `path` is that list's plain address: where a view whose query
 * no longer parses opens instead.
 */
export function checkViewAddress(address: string, role: Role | null | undefined): ViewAddress {
  let url: URL;
  try {
    url = new URL(address, 'http://console.invalid');
  } catch {
    return { ok: false, issues: [{ field: 'address', message: 'Not an address' }] };
  }
  // Only a path of this console: no other origin, no `//host`, no fragment.
  if (url.origin !== 'http://console.invalid' || !address.startsWith(`${DASHBOARD}/`) || url.hash) {
    return { ok: false, issues: [{ field: 'address', message: 'Not an address of the console' }] };
  }
  const route = lists().get(url.pathname);
  const def = route?.entity ? entityByName(route.entity) : undefined;
  if (!route || !def) return { ok: false, issues: [{ field: 'address', message: 'Not the address of a list' }] };
  if (!canAccess(route.roles, role)) return { ok: false, issues: [{ field: 'address', message: 'You may not open this list' }] };
  const issues: QueryIssue[] = [];
  const params = url.searchParams;
  for (const key of new Set(params.keys())) if (!LIST_PARAM.test(key)) issues.push({ field: key, message: `Unknown parameter ${key}` });
  const parsed = parseListQuery(def, params);
  if ('issues' in parsed) issues.push(...parsed.issues.filter((i) => !issues.some((j) => j.field === i.field)));
  return issues.length ? { ok: false, issues, def, path: route.path } : { ok: true, def, path: route.path, view: route.view };
}

/** Whether `role` may open the list at `address` at all (its path; its query aside). */
export function mayOpenViewList(address: string, role: Role | null | undefined): boolean {
  const checked = checkViewAddress(address, role);
  return checked.ok || checked.path !== undefined;
}

import type { EntityDef } from '../entity';
import { READ_ACTIONS, rolesFor, type Roles } from '../policy';
import { SCREENS, type ScreenDef } from '../screens';

/** A client route, projected from the registry; its roles come from the policy, never a second list. */
export interface RouteSpec {
  path: string;
  resource: string;
  action: string;
  /** Which generic screen renders it. */
  screen: 'home' | 'list' | 'add' | 'edit' | 'details' | 'timeline' | 'userProfile' | 'screen';
  entity?: string;
  /** A list by status: the view's segment (`missed`). */
  view?: string;
  /** A bespoke screen (registry/screens.ts). */
  screenId?: string;
  roles: Roles | undefined;
}

export const DASHBOARD = '/dashboard';

/** The path of a bespoke screen (a worklist, the fmc dashboard…), as its route has it. */
export const screenPath = (screen: ScreenDef) => `${DASHBOARD}/${screen.path}`;

/**
 * The path of an entity screen. `def` may be an entity or its route segment. An entity with views lists at its
 * first view (`appointments/all`) unless `view` names another; a record page with its own pattern
 * (`requestVerification/:status/view/:id`) gets `view` (else the first view) as its status segment.
 */
export function entityPath(def: EntityDef | string, action: string = 'list', id?: string | number, view?: string): string {
  const base = `${DASHBOARD}/${typeof def === 'string' ? def : (def.path ?? def.name)}`;
  const views = typeof def === 'string' ? undefined : def.views;
  if (action === 'list') return views?.length ? `${base}/${view ?? views[0].segment}` : base;
  if (action === 'add') return `${base}/add`;
  if (typeof def !== 'string' && def.recordPath && (READ_ACTIONS as readonly string[]).includes(action)) {
    return `${DASHBOARD}/${def.recordPath.replace(':status', view ?? views?.[0]?.segment ?? 'all').replace(':id', String(id ?? ':id'))}`;
  }
  return `${base}/${action}/${id ?? ':id'}`;
}

/** Actions that show one record read-only: `details` in the spec's pattern; `view` and `profile` for patients and fmc. */
export const RECORD_VIEW_ACTIONS = READ_ACTIONS;

/** The action that opens a record read-only for `role`, if any. */
export function viewActionFor(def: EntityDef, allowed: (action: string) => boolean): string | undefined {
  return RECORD_VIEW_ACTIONS.find((a) => rolesFor(def.name, a) !== undefined && allowed(a));
}

export function entityRoutes(def: EntityDef): RouteSpec[] {
  const screens: [string, RouteSpec['screen']][] = [
    ['list', 'list'], ['add', 'add'], ['edit', 'edit'], ...RECORD_VIEW_ACTIONS.map((a) => [a, 'details'] as [string, RouteSpec['screen']]),
    // A record's history by date (patients/timeline/{id}).
    ['timeline', 'timeline'],
  ];
  const at = (a: string) => ({ resource: def.name, action: a, entity: def.name, roles: rolesFor(def.name, a) });
  return screens
    .filter(([a]) => rolesFor(def.name, a) !== undefined)
    .flatMap(([a, screen]): RouteSpec[] => {
      if (a === 'list' && def.views?.length) return def.views.map((v) => ({ ...at(a), path: entityPath(def, a, undefined, v.segment), screen, view: v.segment }));
      if (def.recordPath && screen === 'details') return [{ ...at(a), path: `${DASHBOARD}/${def.recordPath}`, screen }];
      return [{ ...at(a), path: entityPath(def, a), screen }];
    });
}

export function allRoutes(entities: readonly EntityDef[]): RouteSpec[] {
  return [
    { path: DASHBOARD, resource: 'home', action: 'view', screen: 'home', roles: rolesFor('home', 'view') },
    { path: `${DASHBOARD}/userProfile`, resource: 'userProfile', action: 'view', screen: 'userProfile', roles: rolesFor('userProfile', 'view') },
    ...entities.flatMap(entityRoutes),
    ...SCREENS.map((sc): RouteSpec => ({ path: screenPath(sc), resource: sc.resource, action: sc.action, screen: 'screen', screenId: sc.id, roles: rolesFor(sc.resource, sc.action) })),
  ];
}

/** Matches a concrete path against a route pattern (`:id` segments), returning the params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.replace(/\/+$/, '').split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}

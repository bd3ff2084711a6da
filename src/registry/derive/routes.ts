import type { EntityDef } from '../entity';
import { rolesFor, type Roles } from '../policy';

/** A client route, projected from the registry; its roles come from the policy, never a second list. */
export interface RouteSpec {
  path: string;
  resource: string;
  action: string;
  /** Which generic screen renders it. */
  screen: 'home' | 'list' | 'add' | 'edit' | 'details' | 'userProfile';
  entity?: string;
  roles: Roles | undefined;
}

export const DASHBOARD = '/dashboard';

export function entityPath(entity: string, action: 'list' | 'add' | 'edit' | 'details' = 'list', id?: string | number): string {
  const base = `${DASHBOARD}/${entity}`;
  if (action === 'list') return base;
  if (action === 'add') return `${base}/add`;
  return `${base}/${action}/${id ?? ':id'}`;
}

export function entityRoutes(def: EntityDef): RouteSpec[] {
  const actions = ['list', 'add', 'edit', 'details'] as const;
  return actions
    .filter((a) => rolesFor(def.name, a) !== undefined)
    .map((a) => ({ path: entityPath(def.name, a), resource: def.name, action: a, screen: a, entity: def.name, roles: rolesFor(def.name, a) }));
}

export function allRoutes(entities: readonly EntityDef[]): RouteSpec[] {
  return [
    { path: DASHBOARD, resource: 'home', action: 'view', screen: 'home', roles: rolesFor('home', 'view') },
    { path: `${DASHBOARD}/userProfile`, resource: 'userProfile', action: 'view', screen: 'userProfile', roles: rolesFor('userProfile', 'view') },
    ...entities.flatMap(entityRoutes),
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

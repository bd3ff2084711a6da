import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { allRoutes, canAccess, ENTITIES, getEntity, matchPath, type RouteSpec } from '../../registry';
import { currentRole, session } from '../state/session';
import { Home } from '../screens/home';
import { UserProfile } from '../screens/user-profile';
import { NotFound } from '../screens/error-pages';
import { EntityListScreen } from '../entity/list-screen';
import { EntityDetails } from '../entity/details';
import { Timeline } from '../entity/timeline';

/** Routes generated from the registry; the policy decides, and a route the role may not open is the not-found page. */
const ROUTES: RouteSpec[] = allRoutes(ENTITIES);

export function resolveRoute(path: string): { route: RouteSpec; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

export function DashboardRoutes() {
  const [location] = useLocation();
  useSnapshot(session);
  const hit = resolveRoute(location);
  if (!hit || !canAccess(hit.route.roles, currentRole())) return <NotFound embedded />;
  const { route, params } = hit;
  switch (route.screen) {
    case 'home': return <Home />;
    case 'userProfile': return <UserProfile />;
    case 'list': return <EntityListScreen key={route.entity} def={getEntity(route.entity!)} />;
    case 'add': return <EntityListScreen key={route.entity} def={getEntity(route.entity!)} modal={{ mode: 'create' }} />;
    case 'edit': return <EntityListScreen key={route.entity} def={getEntity(route.entity!)} modal={{ mode: 'update', id: Number(params.id) }} />;
    case 'timeline': return <Timeline key={`${route.entity}-${params.id}`} def={getEntity(route.entity!)} id={Number(params.id)} />;
    case 'details': return <EntityDetails key={`${route.entity}-${params.id}`} def={getEntity(route.entity!)} id={Number(params.id)} />;
  }
}

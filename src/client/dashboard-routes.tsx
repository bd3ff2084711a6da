import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { allRoutes, canAccess, ENTITIES, getEntity, matchPath, type RouteSpec } from '../registry';
import { currentRole, session } from './state/session';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Home } from './screens/home';
import { BespokeScreen } from './screens/bespoke';
import { loadScreenStrings } from './i18n';
import { ErrorBoundary } from './ui/error-boundary';
import { formViewOf } from './list/use-list-address';

// Screens load when first opened: home comes with the shell, lists, forms and details (table, virtualiser, forms) after.
const UserProfile = lazy(() => import('./screens/user-profile').then((m) => ({ default: m.UserProfile })));
const EntityListScreen = lazy(() => import('./list/list-screen').then((m) => ({ default: m.EntityListScreen })));
const EntityDetails = lazy(() => import('./record/details').then((m) => ({ default: m.EntityDetails })));
// The timeline shows the activity log's words (changes, actions): the bespoke screens' strings come with it.
const Timeline = lazy(() => Promise.all([import('./record/timeline'), loadScreenStrings()]).then(([m]) => ({ default: m.Timeline })));
// Shown rarely (an address the role may not open), so not carried by home.
const NotFound = lazy(() => import('./screens/error-pages').then((m) => ({ default: m.NotFound })));

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p role="status">{t('app.loading')}</p>}>{children}</Suspense>;
}

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
  const search = useSearch();
  useSnapshot(session);
  const hit = resolveRoute(location);
  // A screen that fails is that screen's failure alone; going to another address clears it.
  return (
    <ErrorBoundary resetKey={location} where={location}>
      <Loading>{!hit || !canAccess(hit.route.roles, currentRole()) ? <NotFound embedded /> : screenOf(hit.route, hit.params, search)}</Loading>
    </ErrorBoundary>
  );
}

/**
 * The list under an add or edit form: the list of the view its address names (`?view=`, set by the list it was opened
 * from), else the entity's first view, as its list's address is. Keyed as that list is, so the list (and the cells its
 * grid holds) stays mounted under the form and after it.
 */
function listUnderForm(entity: string, search: string) {
  const def = getEntity(entity);
  const view = formViewOf(def, search) ?? def.views?.[0]?.segment;
  return { def, view, key: `${entity}-${view ?? ''}` };
}

function screenOf(route: RouteSpec, params: Record<string, string>, search: string) {
  const under = route.screen === 'add' || route.screen === 'edit' ? listUnderForm(route.entity!, search) : null;
  switch (route.screen) {
    case 'home': return <Home />;
    case 'userProfile': return <UserProfile />;
    case 'list': return <EntityListScreen key={`${route.entity}-${route.view ?? ''}`} def={getEntity(route.entity!)} view={route.view} />;
    case 'screen': return <BespokeScreen key={route.screenId} id={route.screenId!} />;
    case 'add': return <EntityListScreen key={under!.key} def={under!.def} view={under!.view} modal={{ mode: 'create' }} />;
    case 'edit': return <EntityListScreen key={under!.key} def={under!.def} view={under!.view} modal={{ mode: 'update', id: Number(params.id) }} />;
    case 'timeline': return <Timeline key={`${route.entity}-${params.id}`} def={getEntity(route.entity!)} id={Number(params.id)} />;
    case 'details': return <EntityDetails key={`${route.entity}-${params.id}`} def={getEntity(route.entity!)} id={Number(params.id)} view={params.status} />;
  }
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS, WORKLISTS } from '../../registry';
import { NotFound } from './error-pages';

/**
 * The bespoke screens of registry/screens.ts by id, each loaded when first opened. A screen the registry declares
 * without a component here is a build-time gap, caught by the test that every SCREENS id has one.
 */
const worklist = lazy(() => import('./worklist'));
export const SCREEN_COMPONENTS: Record<string, LazyExoticComponent<ComponentType<{ id: string }>>> = {
  fmcDashboard: lazy(() => import('./fmc-dashboard')),
  drpatient: lazy(() => import('./drpatient')),
  medprescribed: lazy(() => import('./medprescribed')),
  fmclogs: lazy(() => import('./fmclogs')),
  ...Object.fromEntries(WORKLISTS.map((w) => [w.id, worklist])),
};

export function BespokeScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const Screen = SCREEN_COMPONENTS[id];
  if (!Screen || !SCREENS.some((s) => s.id === id)) return <NotFound embedded />;
  return <Suspense fallback={<p role="status">{t('app.loading')}</p>}><Screen id={id} /></Suspense>;
}

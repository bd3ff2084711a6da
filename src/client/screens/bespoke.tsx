import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS, WORKLISTS } from '../../registry';
import { NotFound } from './error-pages';
import { loadScreenStrings } from '../i18n';

/**
 * The bespoke screens of registry/screens.ts by id, each loaded when first opened. A screen the registry declares
 * without a component here is a build-time gap, caught by the test that every SCREENS id has one.
 */
type Screen = { default: ComponentType<{ id: string }> };
/** A screen's code and the screens' strings, loaded together the first time a screen opens. */
const withStrings = (load: () => Promise<Screen>) => lazy(() => Promise.all([load(), loadScreenStrings()]).then(([m]) => m));
const worklist = withStrings(() => import('./worklist'));
export const SCREEN_COMPONENTS: Record<string, LazyExoticComponent<ComponentType<{ id: string }>>> = {
  fmcDashboard: withStrings(() => import('./fmc-dashboard')),
  drpatient: withStrings(() => import('./drpatient')),
  medprescribed: withStrings(() => import('./medprescribed')),
  fmclogs: withStrings(() => import('./fmclogs')),
  ...Object.fromEntries(WORKLISTS.map((w) => [w.id, worklist])),
};

export function BespokeScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const Screen = SCREEN_COMPONENTS[id];
  if (!Screen || !SCREENS.some((s) => s.id === id)) return <NotFound embedded />;
  return <Suspense fallback={<p role="status">{t('app.loading')}</p>}><Screen id={id} /></Suspense>;
}

import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENS, WORKLISTS } from '../../registry';
import { loadScreenStrings } from '../i18n';

/**
 * The bespoke screens of registry/screens.ts by id, each loaded when first opened. A screen the registry declares
 * without a component here is a build-time gap, caught by the test that every SCREENS id has one.
 */
type Screen = { default: ComponentType<{ id: string }> };
/** A screen's code and the screens' strings, loaded together the first time a screen opens. */
const withStrings = (load: () => Promise<Screen>) => lazy(() => Promise.all([load(), loadScreenStrings()]).then(([m]) => m));
const worklist = withStrings(() => import('./worklist'));
const NotFound = lazy(() => import('./error-pages').then((m) => ({ default: m.NotFound })));
export const SCREEN_COMPONENTS: Record<string, LazyExoticComponent<ComponentType<{ id: string }>>> = {
  fmcDashboard: withStrings(() => import('./fmc-dashboard')),
  drpatient: withStrings(() => import('./drpatient')),
  medprescribed: withStrings(() => import('./medprescribed')),
  fmclogs: withStrings(() => import('./fmclogs')),
  slotCalendar: withStrings(() => import('./slot-calendar')),
  appointmentCalendar: withStrings(() => import('./appointment-calendar')),
  signedIn: withStrings(() => import('./signed-in')),
  runs: withStrings(() => import('./runs')),
  ...Object.fromEntries(WORKLISTS.map((w) => [w.id, worklist])),
};

export function BespokeScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const Screen = SCREEN_COMPONENTS[id];
  const known = id in SCREEN_COMPONENTS && SCREENS.some((s) => s.id === id);
  return <Suspense fallback={<p role="status">{t('app.loading')}</p>}>{known ? <Screen id={id} /> : <NotFound embedded />}</Suspense>;
}

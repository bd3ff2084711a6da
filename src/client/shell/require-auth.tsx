import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { session } from '../state/session';

/** spec §2: /dashboard needs a signed-in user; otherwise go to /signin and remember where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const snap = useSnapshot(session);
  const { t } = useTranslation();
  if (snap.status === 'checking') return <p className="center-page" role="status">{t('app.loading')}</p>;
  if (snap.status === 'signedOut') {
    const from = window.location.pathname + window.location.search;
    return <Redirect to={`/signin?from=${encodeURIComponent(from)}`} replace />;
  }
  return <>{children}</>;
}

import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';

/**
 * The user's saved views, read once signed in and kept current (api/views.ts): loaded on demand, as the change stream
 * is, so that neither the sign-in page nor the first load carries the query library.
 */
export function useSavedViewsSync() {
  const userId = useSnapshot(session).user?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../api/views').then((m) => {
      if (!cancelled) stop = m.startSavedViews();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}

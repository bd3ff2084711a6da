import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';

/**
 * The change stream of this tab (api/events.ts), from the shell, once signed in: loaded on demand, so that neither
 * the sign-in page nor the first load carries it; stopped when the user signs out or another signs in.
 */
export function useChangeStream() {
  const userId = useSnapshot(session).user?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../api/events').then((m) => {
      if (!cancelled) stop = m.startChangeStream();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}

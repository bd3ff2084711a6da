import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../state/session';

/**
 * The change stream of this tab (api/events.ts), from the shell, once signed in; stopped when the user signs out or
 * another signs in. Its code loads after the first paint (the first load's budget): nothing on the sign-in page or
 * home needs a change before then.
 */
export function useChangeStream() {
  const userId = useSnapshot(session).user?.id;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('../api/events').then((m) => { if (!left) stop = m.startChangeStream(); });
    return () => { left = true; stop?.(); };
  }, [userId]);
}

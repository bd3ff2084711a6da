import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { startChangeStream } from '../api/events';
import { session } from '../state/session';

/**
 * The change stream of this tab (api/events.ts), from the shell, once signed in; stopped when the user signs out or
 * another signs in. The stream carries no query library, so the first load may.
 */
export function useChangeStream() {
  const userId = useSnapshot(session).user?.id;
  useEffect(() => (userId ? startChangeStream() : undefined), [userId]);
}

import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { startSavedViews } from '../api/views';
import { session } from '../state/session';

/** The user's saved views, read once signed in and after each write of them (api/views.ts), into the shell's store. */
export function useSavedViewsSync() {
  const userId = useSnapshot(session).user?.id;
  useEffect(() => (userId ? startSavedViews() : undefined), [userId]);
}

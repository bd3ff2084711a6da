import type { RecentUse } from '../../registry';
import { prefs } from '../state/prefs';
import { withUse } from '../state/recents';
import { me } from './me';

/**
 * Noting a use of the palette's recents (ranked by state/recents.ts): written to the user's preferences at once and
 * without waiting; a failed write only loses that use.
 */

/** The writes in flight, one after another: two quick uses must reach the server in order, or the older list wins. */
let writes: Promise<void> = Promise.resolve();

export function noteUse(use: Pick<RecentUse, 'kind' | 'id' | 'title'>): void {
  prefs.recent = withUse(prefs.recent ?? [], use);
  const recent = prefs.recent;
  writes = writes.then(() => me.savePrefs({ recent })).then(() => undefined, () => { /* the use is kept for this visit only */ });
}

/** Resolves when every use noted so far has been written (or failed): signing out waits for it, so the session is
 *  still valid when the last use (often "Sign out" itself) is saved. */
export function recentWritesSettled(): Promise<void> {
  return writes;
}

import { applyPrefs, prefs, takePrefs, type Prefs } from '../state/prefs';
import { me } from './me';

/** The user's preferences read from the server into the store (state/prefs.ts), and shown: on every sign-in and start. */
export async function loadPrefs(): Promise<void> {
  let kept: Partial<Prefs> | null = null;
  try { kept = (await me.prefs() ?? {}) as Partial<Prefs>; } catch { /* takePrefs keeps the cached theme and language */ }
  takePrefs(kept);
  await applyPrefs();
}

/** A change of preferences: shown at once, then written (only the preferences named). */
export async function savePrefs(patch: Partial<Prefs>): Promise<void> {
  Object.assign(prefs, patch);
  await applyPrefs();
  await me.savePrefs(patch);
}

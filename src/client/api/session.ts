import { navigate } from 'wouter/use-browser-location';
import { session, TOLD_ENDS, type Profile } from '../state/session';
import { asksSecondStep, auth, type SecondStepAsked, type SignedIn } from './auth';
import { ApiError, onSessionExpired, STORAGE } from './client';
import { loadPrefs } from './prefs';
import { recentWritesSettled } from './recents';

/**
 * Signing in and out, and a stored session's check on start: the calls whose answers the session store
 * (state/session.ts) keeps. They sit here, above the store, so that the store imports nothing of the API.
 */

/** Authenticated means now < expires_at (spec §4) and, on start, the server still accepting the token. */
export function tokenLooksValid(): boolean {
  const token = localStorage.getItem(STORAGE.idToken);
  const expiresAt = Number(localStorage.getItem(STORAGE.expiresAt) ?? 0);
  return Boolean(token) && Date.now() < expiresAt;
}

/**
 * The content store answers signed-in staff only; <img> and links send no Authorization header, so the session token
 * also goes in a cookie for /content (it already lives in localStorage, spec §4; SameSite=Strict keeps it off other sites).
 */
function setContentCookie(token: string | null) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token ? `console_content=${encodeURIComponent(token)}; Path=/content; SameSite=Strict${secure}` : `console_content=; Path=/content; Max-Age=0; SameSite=Strict${secure}`;
}

/** The signed-in profile, kept beside the token so that a reload while offline still opens the console (not a secret: name, email, role). */
const PROFILE_KEY = 'console_profile';

function clearStorage() {
  for (const key of Object.values(STORAGE)) localStorage.removeItem(key);
  localStorage.removeItem(PROFILE_KEY);
  setContentCookie(null);
}

function cachedProfile(): Profile | null {
  try { return JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as Profile | null; } catch { return null; }
}

/** Signs in, or answers the challenge of the second step when the person has a second factor. */
export async function signIn(email: string, password: string): Promise<SecondStepAsked | null> {
  const answer = await auth.signIn(email, password);
  if (asksSecondStep(answer)) return answer;
  await acceptSession(answer);
  return null;
}

/** Any sign-in's answer, by password or hosted login, ends here: the same keys, the same start. */
export async function acceptSession({ token, expiresIn, user }: SignedIn): Promise<void> {
  // Both keys hold the console's session token, whichever way the person signed in (the provider's tokens stay on the server).
  localStorage.setItem(STORAGE.accessToken, token);
  localStorage.setItem(STORAGE.idToken, token);
  localStorage.setItem(STORAGE.expiresAt, String(Date.now() + expiresIn * 1000));
  setContentCookie(token);
  // Preferences first: the console then opens in the user's theme and language, and signing in is over
  // when the status flips (the sign-in page redirects on it; nothing navigates again later).
  await loadPrefs();
  localStorage.setItem(PROFILE_KEY, JSON.stringify(user));
  session.ended = null;
  session.user = user;
  session.status = 'signedIn';
}

/** On start: a stored token is validated with the server and the profile loaded (spec §4). */
export async function restoreSession(): Promise<void> {
  if (!tokenLooksValid()) {
    clearStorage();
    session.status = 'signedOut';
    return;
  }
  try {
    const user = await auth.validate();
    setContentCookie(localStorage.getItem(STORAGE.idToken));
    await loadPrefs();
    localStorage.setItem(PROFILE_KEY, JSON.stringify(user));
    session.user = user;
    session.status = 'signedIn';
  } catch (err) {
    // Offline (or the server restarting): the token is unexpired and the server never said no, so the console opens
    // with the profile it last had; every screen shows its own error with Retry until the server answers again.
    const offline = err instanceof ApiError && err.status === 0;
    const profile = cachedProfile();
    if (offline && profile) {
      session.user = profile;
      session.status = 'signedIn';
      return;
    }
    if (err instanceof ApiError && err.status === 401) {
      clearStorage();
      // Ended while the console was closed: the sign-in page says why, as it does for one ended while open.
      if (err.code && TOLD_ENDS.includes(err.code)) session.ended = { code: err.code, detail: err.detail };
    }
    session.user = null;
    session.status = 'signedOut';
  }
}

/** Logout clears the session everywhere and returns to / (spec §2 Shell). */
export async function signOut(opts: { callServer?: boolean } = {}): Promise<void> {
  let providerSignOut: string | undefined;
  if (opts.callServer !== false && localStorage.getItem(STORAGE.idToken)) {
    await recentWritesSettled();
    try { providerSignOut = (await auth.signOut()).endSessionUrl; } catch { /* already gone on the server */ }
  }
  clearStorage();
  session.user = null;
  session.status = 'signedOut';
  // A hosted sign-in ends at the provider too, which sends the browser back to the sign-in page.
  if (providerSignOut) window.location.assign(providerSignOut);
  else navigate('/');
}

// spec §7: a response carrying the expired flag forces logout; the sign-in page then says why, when it was not time.
// Subscribed when this module loads, which main.tsx does on start (restoreSession).
onSessionExpired((err) => {
  if (session.status !== 'signedIn') return;
  session.ended = err.code && TOLD_ENDS.includes(err.code) ? { code: err.code, detail: err.detail } : null;
  void signOut({ callServer: false });
});

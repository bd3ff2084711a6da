import { proxy } from 'valtio';
import { isRole, type Role } from '../../registry';

/** The signed-in user as the API describes them. */
export interface Profile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  role: { id: number; name: string };
}

/**
 * spec §4: checking (validating a stored token) → signedIn | signedOut. Only the store: signing in and out, and the
 * start's check, are the API's calls that write it (api/session.ts), so this floor imports nothing of the API.
 */
export const session = proxy({
  status: 'checking' as 'checking' | 'signedIn' | 'signedOut',
  user: null as Profile | null,
  /** Why the last session ended, when its holder should be told on the sign-in page (another sign-in, an administrator). */
  ended: null as { code: string; detail?: string } | null,
});

/** The codes of a session's end that the sign-in page explains (server auth/sessions.ts). */
export const TOLD_ENDS = ['session_limit', 'session_ended'];

export function currentRole(): Role | null {
  const r = session.user?.role.name;
  return isRole(r) ? r : null;
}

import { http } from './client';
import { keys, type Read } from './keys';

/** One live session of anyone (the superadmin's "Who is signed in"). */
export interface SignedInSession {
  id: number;
  userId: number;
  name: string;
  email: string;
  role: string;
  /** How it signed in: `password`, `hosted` (and the second factors' ways to come). */
  method: string;
  createdAt: string;
  lastSeenAt: string;
  address: string | null;
  userAgent: string | null;
  current: boolean;
}

/** Every live session, the latest used first; one ended with a reason its holder is told at next use. */
export const signedIn = {
  list: (): Read<{ data: SignedInSession[]; truncated: boolean }> => ({
    key: keys.screen('signedIn'),
    fetch: (signal) => http.get<{ data: SignedInSession[]; truncated: boolean }>('/api/sessions', { signal }),
  }),
  end: (id: number, reason: string) => http.post<{ data: { ended: true } }>(`/api/sessions/${id}/end`, { reason }),
};

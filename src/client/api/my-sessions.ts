import { http } from './transport';
import { keys, type Read } from './keys';

/**
 * One place the user is signed in: a browser, with when it signed in and was last used, and how: `method` password or
 * hosted, `factor` the second step (code, recovery, passkey, provider) or null.
 */
export interface MySession { id: number; createdAt: string; lastSeenAt: string; userAgent: string | null; method: string; factor: string | null; current: boolean }

/** The user's live sessions (preferences: "Where you are signed in"), one ended, or all of them. */
export const mySessions = {
  list: (): Read<MySession[]> => ({
    key: keys.screen('my-sessions'),
    fetch: (signal) => http.get<{ data: MySession[] }>('/api/me/sessions', { signal }).then((r) => r.data),
  }),
  end: (id: number) => http.delete<unknown>(`/api/me/sessions/${id}`),
  endAll: () => http.post<{ data: { ended: number } }>('/api/me/sessions/end-all'),
};

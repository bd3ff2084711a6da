import type { PresenceBody } from '../../registry';
import { bearer, http } from './client';

const ADDRESS = '/api/presence';

/** Says where this user is (`POST /api/presence`): a record's details, its edit form, or gone from it. */
export const presence = {
  say: (body: PresenceBody) => http.post<unknown>(ADDRESS, body),
  /** "Gone" from a page being unloaded (a tab closed, a reload): a keepalive request outlives the page. */
  leaveOnUnload: (body: Omit<PresenceBody, 'mode'>) => {
    void fetch(ADDRESS, {
      method: 'POST', keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...bearer() },
      body: JSON.stringify({ ...body, mode: 'left' }),
    }).catch(() => {});
  },
};

import { proxy } from 'valtio';

/** The signed-in user's unread inbox items, as the top bar's badge shows them (api/inbox.ts counts them). */
export const inboxBadge = proxy({ unread: 0 });

import { inboxBadge } from '../state/inbox-badge';
import { session } from '../state/session';
import { http } from './client';
import { keys, type KeysetPage, type Pages } from './keys';
import { queryString } from './query-string';

/** One item of the signed-in user's inbox: its kind and parameters, from which the panel writes its title (inbox-text.ts). */
export interface InboxItem {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  /** The server's words in the reader's language, shown only for a kind this console does not know. */
  title: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}
export interface InboxPage extends KeysetPage<InboxItem> { unread: number }

const BASE = '/api/me/notifications';

/** The inbox, unread first and newest first, a page at a time (the panel reads it through the data layer). */
export const inboxPages: Pages<InboxPage> = {
  key: keys.inbox,
  fetch: (cursor, signal) => http.get<InboxPage>(`${BASE}?${queryString({ cursor })}`, { signal }),
};

let counting: Promise<void> | null = null;
let again = false;

/**
 * Counts the unread items again, for the badge (state/inbox-badge.ts), with a plain call: the shell shows the count
 * from its first paint, before any screen has loaded the data layer. Calls while one is under way make one more after
 * it, so the count ends as the last change left it. An answer for a user no longer signed in is dropped.
 */
export function refreshInboxCount(): void {
  if (counting) {
    again = true;
    return;
  }
  const user = session.user?.id;
  if (!user) return;
  counting = http.get<InboxPage>(BASE)
    .then((page) => { if (session.user?.id === user) inboxBadge.unread = page.unread; })
    .catch(() => undefined)
    .finally(() => {
      counting = null;
      if (again) {
        again = false;
        refreshInboxCount();
      }
    });
}

/** A mark changes the badge at once; the panel reads its pages again itself, and other tabs hear it on the change stream. */
const marked = () => refreshInboxCount();

export const inbox = {
  read: (id: number) => http.post<unknown>(`${BASE}/${id}/read`, {}).then(marked),
  readAll: () => http.post<unknown>(`${BASE}/read-all`, {}).then(marked),
  archive: (id: number) => http.post<unknown>(`${BASE}/${id}/archive`, {}).then(marked),
};

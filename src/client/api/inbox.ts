import { http } from './client';
import { keys, type KeysetPage, type Pages } from './keys';
import { queryClient } from './query-client';
import { queryString } from './query-string';

/** One item of the signed-in user's inbox: its kind and parameters, from which the panel writes its title (inbox-text.ts). */
export interface InboxItem {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  /** The API's English words, shown only for a kind this console does not know. */
  title: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}
export interface InboxPage extends KeysetPage<InboxItem> { unread: number }

const BASE = '/api/me/notifications';

/** The inbox, unread first and newest first, a page at a time. */
export const inboxPages: Pages<InboxPage> = {
  key: keys.inbox,
  fetch: (cursor, signal) => http.get<InboxPage>(`${BASE}?${queryString({ cursor })}`, { signal }),
};

/** A mark changes the badge and the panel: the inbox reads itself again (other tabs hear it on the change stream). */
const marked = () => queryClient.invalidateQueries({ queryKey: keys.inbox });

export const inbox = {
  read: (id: number) => http.post<unknown>(`${BASE}/${id}/read`, {}).then(marked),
  readAll: () => http.post<unknown>(`${BASE}/read-all`, {}).then(marked),
  archive: (id: number) => http.post<unknown>(`${BASE}/${id}/archive`, {}).then(marked),
};

import { QueryObserver } from '@tanstack/react-query';
import type { SavedView } from '../../registry';
import { setSavedViews } from '../state/saved-views';
import { http } from './client';
import { keys, type Read } from './keys';
import { queryClient } from './query-client';

/**
 * Saved views (server/routes/saved-views.ts): the caller's own and those shared with their role, read under one key;
 * each write refetches it. Loaded after sign-in by the shell (shell/use-saved-views.ts), which shows the views
 * through the store state/saved-views.ts.
 */
export const savedViewsRead: Read<SavedView[]> = {
  key: keys.views,
  fetch: (signal) => http.get<{ data: SavedView[] }>('/api/views', { signal }).then((r) => r.data),
};

export interface ViewInput { name: string; address: string; shared: string[] }

const changed = () => queryClient.invalidateQueries({ queryKey: keys.views });

export const viewWrites = {
  async create(input: ViewInput) {
    const made = await http.post<{ data: SavedView }>('/api/views', input).then((r) => r.data);
    await changed();
    return made;
  },
  async update(id: number, input: Partial<ViewInput>) {
    const view = await http.put<{ data: SavedView }>(`/api/views/${id}`, input).then((r) => r.data);
    await changed();
    return view;
  },
  async remove(id: number) {
    await http.delete<unknown>(`/api/views/${id}`);
    await changed();
  },
};

/** Keeps the shell's store of views (state/saved-views.ts) in step with the query, until the returned stop. */
export function startSavedViews(): () => void {
  const observer = new QueryObserver(queryClient, { queryKey: savedViewsRead.key, queryFn: ({ signal }) => savedViewsRead.fetch(signal), staleTime: 60_000 });
  const stop = observer.subscribe((result) => { if (result.data) setSavedViews(result.data); });
  return () => { stop(); setSavedViews([]); };
}

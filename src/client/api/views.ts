import type { SavedView } from '../../registry';
import { session } from '../state/session';
import { setSavedViews } from '../state/saved-views';
import { http } from './client';

/**
 * Saved views (server/routes/saved-views.ts): the caller's own and those shared with their role, read with a plain
 * call into the shell's store (state/saved-views.ts) once signed in, and again after each write: the sidebar, the
 * shortcuts and the palette show them from the first paint, without the data layer.
 */
const BASE = '/api/views';

let latest = 0;

/** Reads the views again into the store; of reads that overlap, the last one started is the one kept. */
export async function refreshSavedViews(): Promise<void> {
  const user = session.user?.id;
  if (!user) return;
  const read = ++latest;
  const { data } = await http.get<{ data: SavedView[] }>(BASE);
  if (read === latest && session.user?.id === user) setSavedViews(data);
}

export interface ViewInput { name: string; address: string; shared: string[] }

export const viewWrites = {
  async create(input: ViewInput) {
    const made = await http.post<{ data: SavedView }>(BASE, input).then((r) => r.data);
    await refreshSavedViews();
    return made;
  },
  async update(id: number, input: Partial<ViewInput>) {
    const view = await http.put<{ data: SavedView }>(`${BASE}/${id}`, input).then((r) => r.data);
    await refreshSavedViews();
    return view;
  },
  async remove(id: number) {
    await http.delete<unknown>(`${BASE}/${id}`);
    await refreshSavedViews();
  },
};

/** Reads the views for the user signed in now; the returned stop empties the store (sign-out, another user). */
export function startSavedViews(): () => void {
  refreshSavedViews().catch(() => undefined);
  return () => {
    latest++;
    setSavedViews([]);
  };
}

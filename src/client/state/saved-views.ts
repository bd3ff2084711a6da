import { proxy } from 'valtio';
import type { SavedView } from '../../registry';
import { knowSavedViews } from '../../../commands';

/**
 * The saved views the shell shows (the sidebar, the shortcuts, the palette's "Views"): a mirror of the views' query
 * (api/views.ts keeps it current from TanStack Query's cache), so that the shell's first load carries no query library.
 * Empty until the views are read after sign-in.
 */
export const savedViews = proxy({ list: [] as SavedView[] });

export function setSavedViews(list: readonly SavedView[]) {
  savedViews.list = [...list];
  knowSavedViews(list);
}

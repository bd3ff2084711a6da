import { proxy, useSnapshot } from 'valtio';
import type { SavedView } from '../../registry';
import { COMMANDS, knowSavedViews, viewCommands, type Command } from '../../../commands';
import { currentRole, session } from './session';

/**
 * The saved views the shell shows (the sidebar, the shortcuts, the palette's "Views"), read by api/views.ts after
 * sign-in and after each write of them. Empty until then.
 */
export const savedViews = proxy({ list: [] as SavedView[] });

export function setSavedViews(list: readonly SavedView[]) {
  savedViews.list = [...list];
  knowSavedViews(list);
}

/**
 * Every command the shell knows now, by id: the registry's and the user's saved views' (commands/saved-views.ts), for
 * the shortcuts, the palette, the sidebar and the `?` sheet alike.
 */
export function useCommands(): ReadonlyMap<string, Command> {
  const views = useSnapshot(savedViews).list;
  useSnapshot(session);
  return commandsFor(views as SavedView[], currentRole());
}

/**
 * One map for every reader while the views and the role stay the same (a snapshot's list is the same array until the
 * views change): the palette, mounted anew at each opening, gets the map it had, and what it keeps by the map with it.
 */
let last: { views: readonly SavedView[]; role: ReturnType<typeof currentRole>; map: ReadonlyMap<string, Command> } | undefined;
function commandsFor(views: readonly SavedView[], role: ReturnType<typeof currentRole>): ReadonlyMap<string, Command> {
  if (last?.views !== views || last.role !== role) {
    last = { views, role, map: new Map([...COMMANDS, ...viewCommands(views as SavedView[], role).map((c) => [c.id, c] as const)]) };
  }
  return last.map;
}

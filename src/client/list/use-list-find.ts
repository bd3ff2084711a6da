import { useShortcutStarts } from '../moves/move-keys';
import { useTypeToFind } from '../ui/type-to-find';

/**
 * Type-to-find on a list's grid (ui/type-to-find.ts), the controller's and the bespoke lists': a name typed there
 * searches; the list's own letters (`ownKeys`: j, k, x, a worklist's r…) and the console's shortcuts act once the user
 * works on the rows. `held`/`onHeld`: a key refused on an unarmed grid, and why (the generic list's `.`).
 */
export function useListFind(searchBox: React.RefObject<HTMLInputElement | null>, grid: React.RefObject<HTMLElement | null>,
  ownKeys: readonly string[], opts: { held?: (key: string) => boolean; onHeld?: () => void } = {}) {
  const shortcutStarts = useShortcutStarts();
  return useTypeToFind(searchBox, grid, { keysHere: (combo, e) => ownKeys.includes(combo) || shortcutStarts(combo, e), ...opts });
}

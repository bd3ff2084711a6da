import { proxy } from 'valtio';
import type { InView } from '../../../commands';

/** Shell state: what is open. Screens register their own create/filter handlers for the list commands. */
export const ui = proxy({
  sidebarOpen: true,
  paletteOpen: false,
  /** Command id whose parameter page the palette opens on, if any. */
  palettePage: null as string | null,
  notificationsOpen: false,
  shortcutsOpen: false,
  preferencesOpen: false,
  confirmDelete: null as { entity: string; id: number; onDone?: () => void } | null,
  /** Bumped after a write, so lists refetch. */
  dataVersion: 0,
  /** What the screen in view shows (commands' `when`): set by the details page and the lists. */
  inView: { selected: 0 } as InView,
});

/** A list's `create` or `filter`, or `transition:{name}` on the record in view or the selected rows. */
type ScreenAction = string;
const screenHandlers = new Map<ScreenAction, () => void>();

export function registerScreenAction(action: ScreenAction, handler: () => void): () => void {
  screenHandlers.set(action, handler);
  return () => {
    if (screenHandlers.get(action) === handler) screenHandlers.delete(action);
  };
}

export function runScreenAction(action: ScreenAction): boolean {
  const h = screenHandlers.get(action);
  h?.();
  return Boolean(h);
}

export function openPalette(page: string | null = null) {
  ui.palettePage = page;
  ui.paletteOpen = true;
}

export function dataChanged() {
  ui.dataVersion++;
}

/** A screen says what it shows; it clears it (only if still its own) when it goes. */
export function setInView(view: InView): () => void {
  ui.inView = view;
  // valtio stores a proxy of `view`, so the screen's own view is recognised by what it shows.
  const same = () => ui.inView.entity === view.entity && ui.inView.record?.id === view.record?.id && ui.inView.selected === view.selected;
  return () => { if (same()) ui.inView = { selected: 0 }; };
}

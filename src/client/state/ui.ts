import { proxy } from 'valtio';

/** Shell state: what is open. Screens register their own create/filter handlers for the list commands. */
export const ui = proxy({
  sidebarOpen: true,
  paletteOpen: false,
  /** Command id whose parameter page the palette opens on, if any. */
  palettePage: null as string | null,
  notificationsOpen: false,
  shortcutsOpen: false,
  confirmDelete: null as { entity: string; id: number; onDone?: () => void } | null,
  /** Bumped after a write, so lists refetch. */
  dataVersion: 0,
});

type ScreenAction = 'create' | 'filter';
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

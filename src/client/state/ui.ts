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
  passwordOpen: false,
  /** "Remind me when?" for this record, and the list of one's follow-ups (shell/follow-ups.tsx). */
  followUp: null as { entity: string; id: number } | null,
  followUpsOpen: false,
  /** The "Save this view…" dialog: 'new' for the list in view, or the id of one's own view to rename or re-share. */
  savingView: null as 'new' | number | null,
  /** The entity whose raise form is open (a support ticket), and whose raised records are shown. */
  raising: null as string | null,
  mine: null as string | null,
  /** The entity whose import dialog is open (import/import-dialog.tsx). */
  importing: null as string | null,
  /** The user is asked whether to leave what they typed in a form or dialog (ui/unsaved.ts). */
  leaving: false,
  confirmDelete: null as { entity: string; id: number; onDone?: () => void } | null,
  /** What the screen in view shows (commands' `when`): set by the details page and the lists. */
  inView: { selected: 0 } as InView,
});

/** A list's `create` or `filter`, or `transition:{name}` on the record in view or the selected rows. */
type ScreenAction = string;
const screenHandlers = new Map<ScreenAction, () => void>();

/**
 * An action asked for before its screen had registered it: a shortcut pressed while the screen's code was still
 * loading (`c` right after opening a list). It runs when the screen registers it, if that is within PENDING_MS and the
 * page is still the one it was asked on (leaving it drops it: the router announces each move); otherwise it is dropped,
 * as it was before.
 */
const PENDING_MS = 3000;
let pending: { action: ScreenAction; path: string; until: number } | null = null;

export function registerScreenAction(action: ScreenAction, handler: () => void): () => void {
  screenHandlers.set(action, handler);
  const asked = pending;
  if (asked?.action === action) {
    pending = null;
    if (performance.now() < asked.until) handler();
  }
  return () => {
    if (screenHandlers.get(action) === handler) screenHandlers.delete(action);
  };
}

export function runScreenAction(action: ScreenAction): boolean {
  const h = screenHandlers.get(action);
  if (h) h();
  else pending = { action, path: location.pathname, until: performance.now() + PENDING_MS };
  return Boolean(h);
}

/** An action for the screen just navigated to: run when it registers it (within PENDING_MS), never by a screen left. */
export function askScreenAction(action: ScreenAction) {
  pending = { action, path: location.pathname, until: performance.now() + PENDING_MS };
}

export function openPalette(page: string | null = null) {
  ui.palettePage = page;
  ui.paletteOpen = true;
  early = '';
}

export function closePalette() {
  ui.paletteOpen = false;
  ui.palettePage = null;
}

/**
 * Keys typed after asking for the palette and before its box has the focus: the first time, its code may still be on
 * its way (it is fetched a second after home shows), and a fast typist's first letters were lost. Printable keys and
 * Backspace wait here, and the palette starts with them (typedBeforePalette); Esc closes it; other keys pass.
 */
let early: string | null = null;

export const typedBeforePalette = () => early ?? '';

if (typeof window !== 'undefined') {
  // wouter announces its moves as these events (its own names for pushState and replaceState).
  for (const move of ['popstate', 'pushState', 'replaceState']) addEventListener(move, () => { if (pending?.path !== location.pathname) pending = null; });
  // Capture on window: before the page's own key handlers, as ui/type-ahead.ts does for forms.
  window.addEventListener('keydown', (e) => {
    if (early === null) return;
    if (!ui.paletteOpen || document.activeElement?.hasAttribute('data-palette-input')) { early = null; return; }
    if (e.key === 'Escape') { closePalette(); early = null; return; }
    if ((e.key.length > 1 && e.key !== 'Backspace') || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    early = e.key === 'Backspace' ? early.slice(0, -1) : early + e.key;
  }, { capture: true });
  // The palette starts from what was typed as it first renders; its box takes the focus when that render is put on
  // the page, and on a busy machine React lets keys in between the two. Those came after the read: as the box takes
  // the focus it is brought up to everything typed, as if typed there (its own input events run).
  window.addEventListener('focusin', (e) => {
    const box = e.target;
    if (early === null || !(box instanceof HTMLInputElement) || !box.hasAttribute('data-palette-input')) return;
    const typed = early;
    early = null;
    if (box.value === typed) return;
    // After the render that focused it has ended, before any other key (a microtask runs ahead of the next event).
    queueMicrotask(() => {
      if (document.activeElement !== box) return;
      box.select();
      document.execCommand(typed ? 'insertText' : 'delete', false, typed);
    });
  }, { capture: true });
}

/** A screen says what it shows; it clears it (only if still its own) when it goes. */
export function setInView(view: InView): () => void {
  ui.inView = view;
  // valtio stores a proxy of `view`, so the screen's own view is recognised by what it shows.
  const same = () => ui.inView.entity === view.entity && ui.inView.record?.id === view.record?.id && ui.inView.selected === view.selected
    && ui.inView.focused?.id === view.focused?.id;
  return () => { if (same()) ui.inView = { selected: 0 }; };
}

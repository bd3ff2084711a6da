import { proxy } from 'valtio';
import type { InView } from '../../../commands';

/** Shell state: what is open. What screens give the commands to act on is in screen.ts. */
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

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { focusLost, focusMainControl } from '../ui/main-control';

/** Another dialog open under the palette (main-control.ts dialogShown). */
const DIALOGS = '[role="dialog"], [role="alertdialog"], dialog[open]';
/** The shell's parts beside the palette, hidden from assistive technology while it is open. */
const BEHIND = ':scope > :not(.palette-layer)';

/**
 * The palette's modal frame: a dialog over a layer that covers the page. The page behind takes no pointer (the layer
 * is over it; a click on it closes the palette), no focus (the box keeps it: Tab stays, and the box is the palette's
 * only control) and is hidden from assistive technology (aria-modal, and aria-hidden on the shell's few parts beside
 * the palette). Not the browser's modal <dialog> (showModal) as a rule: that makes the whole page inert, a change of
 * style of every element of the page to recalculate as the palette opens and again as it closes (the
 * open is in the frame budget of `npm run bench -- --browser`); nor Radix's dialog (ui/modal.tsx), which walks the page to mark it aria-hidden and measures the
 * scroll bar. Over another dialog (the palette opened from a form) it is modal all the same: that dialog keeps the
 * focus inside itself unless it is made inert. Esc and unmounting close it; the box takes the focus as it opens, and
 * on closing the focus goes back to where it was.
 */
export function PaletteFrame({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Over another dialog it is shown modal (below). Otherwise it is open from its first render, not by show(): show()
  // runs the dialog's focusing steps, a style and layout of the page forced inside the opening frame before the box
  // takes the focus anyway.
  const [overDialog] = useState(() => document.querySelector(DIALOGS) !== null);
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const shell = dialog.parentElement!.parentElement;
    const hidden = shell ? [...shell.querySelectorAll<HTMLElement>(BEHIND)].filter((el) => !el.hasAttribute('aria-hidden')) : [];
    for (const el of hidden) el.setAttribute('aria-hidden', 'true');
    if (overDialog) dialog.showModal();
    // The box is in view wherever the page is scrolled (its layer is fixed): focusing it need not lay out the page to
    // scroll it into view.
    dialog.querySelector<HTMLElement>('[data-palette-input]')?.focus({ preventScroll: true });
    return () => {
      dialog.close();
      for (const el of hidden) el.removeAttribute('aria-hidden');
      // A command run from the palette may have moved the focus on purpose (a form it opened): that stays. Else back
      // where it was, or, when that is gone or was the page itself, to the screen's main control (a screen the
      // command opened takes it when it comes: shell/screen-arrival.tsx).
      const now = document.activeElement;
      if (now && !dialog.contains(now) && !focusLost()) return;
      if (before?.isConnected && before !== document.body) before.focus();
      if (focusLost() || dialog.contains(document.activeElement)) focusMainControl();
    };
  }, [overDialog]);
  return (
    <div className="palette-layer" onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <dialog ref={ref} open={!overDialog || undefined} className="dialog palette" aria-label={title} aria-modal="true"
        onCancel={(e) => { e.preventDefault(); onClose(); }}
        onKeyDown={(e) => {
          if (e.key === 'Tab') e.preventDefault();
          if (e.key === 'Escape') { e.preventDefault(); onClose(); }
        }}>
        {children}
      </dialog>
    </div>
  );
}

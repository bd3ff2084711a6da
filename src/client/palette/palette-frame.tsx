import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { focusLost, focusMainControl } from '../ui/main-control';

/**
 * The palette's modal frame: the browser's own modal <dialog> (showModal). The page behind is inert (no focus, no
 * pointer, hidden from assistive technology) and the dialog sits in the top layer, as Radix's dialog (ui/modal.tsx)
 * makes them for the other dialogs — but without walking the page to mark it aria-hidden, injecting a scroll-lock
 * style and measuring the scroll bar, which together cost the palette's opening about half its frame budget
 * (issue 10: open within 20 ms). Esc (the dialog's cancel), a click on the backdrop and unmounting close it; the
 * box takes the focus as it opens, Tab keeps it there (the box is the palette's only control), and on closing the
 * focus goes back to where it was.
 */
export function PaletteFrame({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current!;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-palette-input]')?.focus();
    return () => {
      dialog.close();
      // A command run from the palette may have moved the focus on purpose (a form it opened): that stays. Else back
      // where it was, or, when that is gone or was the page itself, to the screen's main control (a screen the
      // command opened takes it when it comes: shell/screen-arrival.tsx).
      const now = document.activeElement;
      if (now && !dialog.contains(now) && !focusLost()) return;
      if (before?.isConnected && before !== document.body) before.focus();
      if (focusLost() || dialog.contains(document.activeElement)) focusMainControl();
    };
  }, []);
  return (
    <dialog ref={ref} className="dialog palette" aria-label={title}
      onCancel={(e) => { e.preventDefault(); onClose(); }}
      onClick={(e) => { if (e.target === e.currentTarget) onClose(); }}
      onKeyDown={(e) => { if (e.key === 'Tab') e.preventDefault(); }}>
      {children}
    </dialog>
  );
}

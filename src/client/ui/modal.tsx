import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './error-boundary';
import { focusLost, focusMainControl } from './main-control';

/** Each open dialog's content and how it closes: Esc closes the dialog that holds the focus (see below). */
const openDialogs = new Map<Element, () => void>();

/**
 * A modal dialog on Radix's dialog primitive: focus moves in when it opens, stays in
 * (Tab and Shift+Tab cycle inside), and returns to where it was when it closes; Esc closes it wherever focus is, and
 * so does a click outside. Every dialog of the console (forms, confirmations, sheets, workflow moves) is one of these;
 * the palette, opened many times an hour, is the browser's own modal dialog (palette/palette-frame.tsx). Focus goes
 * to the element marked `data-autofocus`, else the first field or button, else the dialog itself (a sheet with nothing
 * to press still takes the keyboard, so Esc and Tab work at once).
 */
export function Modal({ title, onClose, children, className = '', labelledBy, describedBy }: {
  title: string; onClose: () => void; children: ReactNode; className?: string; labelledBy?: string; describedBy?: string;
}) {
  const { t } = useTranslation();
  // Where the focus was when the dialog opened (the button that opened it). Radix gives the focus back to its own
  // Dialog.Trigger only, which these dialogs, opened by keys and commands, do not have. Taken as the dialog is put on
  // the page, after whatever closed in the same render (the palette that ran the command) gave its focus back.
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => { opener.current = document.activeElement; }, []);
  // The content is put on the page after the portal mounts, so it is registered by its ref, not by an effect here.
  const content = useRef<HTMLDivElement | null>(null);
  const register = useCallback((node: HTMLDivElement | null) => {
    content.current = node;
    if (!node) return;
    openDialogs.set(node, onClose);
    return () => { openDialogs.delete(node); };
  }, [onClose]);
  return (
    <Dialog.Root open onOpenChange={(open) => { if (!open) onClose(); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="backdrop">
          <Dialog.Content
            ref={register}
            className={`dialog ${className}`}
            aria-describedby={describedBy}
            // Only when given: an undefined one would override Radix's own link to the title, leaving the dialog unnamed.
            {...(labelledBy ? { 'aria-labelledby': labelledBy } : {})}
            tabIndex={-1}
            // A widget open inside the dialog (a reference select's list) takes Esc first, closing only itself.
            // Otherwise the dialog closes, and the key goes no further: Radix sees it on the document's capture
            // phase, and the dialog is gone (its own handlers with it) before the key would reach the page behind,
            // whose Esc means something else (a details page's: back to the list).
            // Radix gives Esc to the dialog it counts as the top one, which is the one mounted last: a dialog below
            // that mounted again while another was open over it (its record read again) would take the key and
            // close under the open one. The dialog holding the focus is the top one (the focus is trapped in it),
            // so that one closes.
            onEscapeKeyDown={(e) => {
              const focused = document.activeElement;
              if (focused?.getAttribute('aria-expanded') === 'true') { e.preventDefault(); return; }
              e.stopPropagation();
              const holder = focused?.closest('[role=dialog]');
              if (holder && holder !== content.current && openDialogs.has(holder)) {
                e.preventDefault();
                openDialogs.get(holder)!();
              }
            }}
            // Back to the opener when nothing else took the focus meanwhile (a list takes it back itself) and the
            // opener is still there; else (a record moved by the dialog lost that button, the opener was the page
            // itself) to the screen's main control: the record's heading, the list's grid.
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              if (!focusLost()) return;
              const was = opener.current;
              if (was instanceof HTMLElement && was !== document.body && was.isConnected) was.focus();
              if (focusLost()) focusMainControl();
            }}
            onOpenAutoFocus={(e) => {
              const content = e.currentTarget as HTMLElement;
              // What the dialog marks (a confirmation's Confirm, after its Cancel), else its first field or button.
              const first = content.querySelector<HTMLElement>('[autofocus], [data-autofocus]')
                ?? content.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select, textarea, button:not([data-close]):not([disabled])');
              e.preventDefault();
              (first ?? content).focus();
            }}
          >
            {/* The accessible name: the visible heading. Likewise its id: an undefined one would replace the id Radix
                links the dialog to. */}
            <header>
              <Dialog.Title asChild><h2 {...(labelledBy ? { id: labelledBy } : {})}>{title}</h2></Dialog.Title>
              <Dialog.Close className="btn-icon" data-close aria-label={t('app.close')}>✕</Dialog.Close>
            </header>
            {/* A dialog that fails says so inside itself, with Retry and Close; the page behind it keeps working. */}
            <ErrorBoundary where={`dialog ${title}`} onClose={onClose}>{children}</ErrorBoundary>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

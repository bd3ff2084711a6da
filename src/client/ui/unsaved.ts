import { navigate } from 'wouter/use-browser-location';
import { ui } from '../state/ui';

/**
 * What the user has typed and not saved: each open form or move dialog says whether it holds any. Leaving it (a
 * command that opens another screen, from the palette or a shortcut; a form's Cancel or Esc) asks first when one does
 * (ui.leaving, shell/leave-confirm.tsx), instead of taking the typing away; with nothing typed it goes at once.
 */
const holders = new Set<() => boolean>();

/** A dialog's check for typed, unsaved values, while it is open; the returned function ends it. */
export function registerUnsaved(hasTyped: () => boolean): () => void {
  holders.add(hasTyped);
  return () => { holders.delete(hasTyped); };
}

export const somethingUnsaved = () => [...holders].some((hasTyped) => hasTyped());

/** What leaving does, while the user is asked. */
let pending: (() => void) | null = null;

/** Does `leave` at once, or once the user said so when a form or dialog holds typed values. */
export function askBeforeLeaving(leave: () => void) {
  if (!somethingUnsaved()) { leave(); return; }
  pending = leave;
  ui.leaving = true;
}

/** Goes to `to`, asking first when a form or dialog holds typed values. */
export const leaveTo = (to: string) => askBeforeLeaving(() => navigate(to));

/** The user chose to stay: the typing stays where it was. */
export function stay() {
  pending = null;
  ui.leaving = false;
}

/** The user chose to leave: what the dialogs held goes with them. */
export function leaveAnyway() {
  const leave = pending;
  stay();
  leave?.();
}

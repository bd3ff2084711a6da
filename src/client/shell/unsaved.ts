import { navigate } from 'wouter/use-browser-location';
import { ui } from '../state/ui';

/**
 * What the user has typed and not saved: each open form or move dialog says whether it holds any. A command that
 * leaves the screen (the palette's, a shortcut's) asks first when one does (ui.leaving, shell/leave-confirm.tsx),
 * instead of taking the typing away with the dialog; with nothing typed it leaves at once.
 */
const holders = new Set<() => boolean>();

/** A dialog's check for typed, unsaved values, while it is open; the returned function ends it. */
export function registerUnsaved(hasTyped: () => boolean): () => void {
  holders.add(hasTyped);
  return () => { holders.delete(hasTyped); };
}

export const somethingUnsaved = () => [...holders].some((hasTyped) => hasTyped());

/** Goes to `to`, asking first when a form or dialog holds typed values. */
export function leaveTo(to: string) {
  if (somethingUnsaved()) ui.leaving = to;
  else navigate(to);
}

/** The user chose to leave: the dialogs go with their screen, what they held with them. */
export function leaveAnyway() {
  const to = ui.leaving;
  ui.leaving = null;
  if (to) navigate(to);
}

/**
 * Where the keyboard belongs on a screen: its main control. A screen marks it `data-main-control` (a list's grid, so
 * j/k/x/Enter work on its current row; a details page's heading); a screen that marks nothing gets its first heading,
 * made focusable for the purpose. One rule for every screen, used when a screen opens (screen-arrival.tsx) and when a
 * dialog or the palette closes with nothing left to give the focus back to (ui/modal.tsx, palette-frame.tsx).
 */
export const MAIN_CONTROL = 'data-main-control';

/** Shown: not the screen before, which React keeps hidden while the next one's code is on its way (Suspense). */
const shown = (el: HTMLElement) => el.getClientRects().length > 0;
const first = (selector: string) => [...document.querySelectorAll<HTMLElement>(`#main ${selector}`)].find(shown) ?? null;

/** The main control of the screen in view, if it is there yet. */
export function mainControl(): HTMLElement | null {
  return first(`[${MAIN_CONTROL}]`) ?? first('h1');
}

/** The screen's name: its first heading shown (the one a screen reader would jump to). */
export const screenTitle = () => first('h1')?.textContent?.trim() ?? '';

/** Focuses the screen's main control; false when it is not there yet. */
export function focusMainControl(): boolean {
  const el = mainControl();
  if (!el) return false;
  // A heading takes the focus from a script only, never from Tab.
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

/** Whether the focus has nowhere to be: on the page itself, or on an element a render took away. */
export function focusLost(): boolean {
  const now = document.activeElement;
  return !now || now === document.body || !now.isConnected;
}

/** A modal dialog is open (a form, a confirmation, a sheet, the palette): it owns the focus until it closes. */
export function dialogShown(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]') !== null;
}

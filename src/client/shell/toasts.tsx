import { Toaster } from 'sonner';
import { useSnapshot } from 'valtio';
import { prefs, shownTheme } from '../state/prefs';
import { useNarrowScreen } from '../use-narrow-screen';

/** Where the spec puts toasts: 60 px from the top (just under the top bar's edge), 50 px from the right, for 4 s. */
export const TOAST_PLACE = { top: 60, right: 50, seconds: 4 } as const;

/**
 * Toasts: 4 s, top right (spec §8–9; one that offers Undo stays 8 s, form/undo.ts). What they would cover there is
 * moved out of their way: a page head's buttons follow its title on the left rather than its right end (styles.css),
 * so no Add or Save sits under a toast. On a phone the top of the screen is the page head itself (its title, then
 * Add under it), which a toast across the width would hide: there they span the width a little above the bottom
 * edge, inside the screen and clear of a one-line sticky bar of moves on selected rows.
 * Alt+T takes the focus to them (sonner's hotkey), so their buttons (Undo) are a Tab away.
 */
export default function Toasts() {
  const { theme } = useSnapshot(prefs);
  const phone = useNarrowScreen();
  return <Toaster position={phone ? 'bottom-center' : 'top-right'} offset={{ top: TOAST_PLACE.top, right: TOAST_PLACE.right }}
    mobileOffset={{ top: TOAST_PLACE.top, bottom: 80, left: 12, right: 12 }} duration={TOAST_PLACE.seconds * 1000}
    theme={shownTheme(theme) === 'themedefault' ? 'light' : 'dark'} closeButton />;
}

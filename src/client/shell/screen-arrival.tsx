import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { dialogShown, focusLost, focusMainControl, MAIN_CONTROL, mainControl, screenTitle } from '../ui/main-control';

/** How long a screen may take to show its main control (its code and data on their way): a guard, not a wait. */
const GIVE_UP_MS = 20_000;

/**
 * Each time the address's path changes (a list opened from the palette, a row's record by Enter, History by h, the
 * list again by Esc), the keyboard goes to the new screen's main control as soon as it is there (main-control.ts),
 * and its title is said in a polite live region and becomes the page's title. Without it the focus fell to the page
 * when the old screen went, and a keyboard user tabbed thirty times to get back to the work.
 *
 * It leaves the focus alone when something else placed it meanwhile on purpose: a dialog that opens with the screen
 * (the add and edit forms focus their first field), or a field the user went to. A change of the search part only (a
 * list's search, sort and filters) is not a new screen.
 */
export function ScreenArrival() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const [said, setSaid] = useState('');
  // Where the focus was as the new screen was put on the page: taken then, not when the effect below runs, which a
  // busy machine may run after a key the user pressed meanwhile (Tab to the inbox button), taking that for where the
  // focus was and the button's focus for nobody's choice.
  const from = useRef<Element | null>(null);
  useLayoutEffect(() => { from.current = document.activeElement; }, [path]);

  useEffect(() => {
    const was = from.current;
    // Placed on purpose meanwhile: a field the user went to, a dialog's field. Not where it was, not lost.
    const placedElsewhere = () => !focusLost() && document.activeElement !== was && document.activeElement?.id !== 'main';
    let announced = false;
    // The heading stands in for a main control still on its way (a worklist's grid comes with its rows): it is
    // focused, and the control takes over when it comes, if the focus is still there.
    let standIn: HTMLElement | null = null;
    let done = false;
    const arrive = () => {
      const control = done ? null : mainControl();
      if (!control) return;
      if (!announced) {
        announced = true;
        const title = screenTitle();
        // Said again when the same title comes back (a record opened twice): the region's text changes each time.
        setSaid((before) => (before === title ? `${title}\u00a0` : title));
      }
      const marked = control.hasAttribute(MAIN_CONTROL);
      if (!marked && standIn) return;
      if (!dialogShown() && (standIn ? document.activeElement === standIn || focusLost() : !placedElsewhere())) focusMainControl();
      if (marked) { done = true; observer.disconnect(); }
      else standIn = control;
    };
    const observer = new MutationObserver(arrive);
    const main = document.getElementById('main');
    if (main) observer.observe(main, { childList: true, subtree: true, attributes: true, attributeFilter: [MAIN_CONTROL] });
    const timer = setTimeout(() => observer.disconnect(), GIVE_UP_MS);
    // The screen may be there already (its code loaded before): after this render's effects have run.
    const frame = requestAnimationFrame(arrive);
    return () => { observer.disconnect(); clearTimeout(timer); cancelAnimationFrame(frame); };
  }, [path]);
  useEffect(() => {
    const title = said.trim();
    document.title = title ? `${title} · ${t('app.title')}` : t('app.title');
  }, [said, t]);

  return <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-screen-announcer>{said}</div>;
}

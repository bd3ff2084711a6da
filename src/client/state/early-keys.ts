/**
 * Keys pressed in the console before its shortcuts are bound: on a reload, in the moments after sign-in while the
 * console's code arrives, on a slow line. index.html holds them from the page's first moment (its inline script, so
 * that none is lost before this code runs); once the shortcuts are bound they are replayed in order, as the keys they
 * were, so that Ctrl+K opens the palette and what was typed after it becomes its text (state/ui.ts), and a shortcut
 * does what it does.
 */
interface HeldKey { key: string; code: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }
interface Held { hold: boolean; signingIn?: boolean; keys: HeldKey[] }

declare global {
  interface Window { __earlyKeys?: Held }
}

/**
 * The sign-in form is sent: what is typed while it is answered (a fast typist's next keys, Ctrl+K and a name) is for
 * the console, not the password box, and is held for it (screens/sign-in.tsx).
 */
export function holdForSignIn() {
  const held = window.__earlyKeys;
  if (!held) return;
  held.hold = true;
  held.signingIn = true;
}

/** The sign-in was refused: the keys held meanwhile were for a console that does not come, and are let go. */
export function signInRefused() {
  const held = window.__earlyKeys;
  if (!held) return;
  held.signingIn = false;
  held.keys.length = 0;
}

/** The shortcuts are bound: stop holding, and replay what was held. */
export function shortcutsReady() {
  const held = window.__earlyKeys;
  if (!held) return;
  held.hold = false;
  held.signingIn = false;
  for (const key of held.keys.splice(0)) {
    const target = document.activeElement ?? document.body;
    for (const type of ['keydown', 'keyup'] as const) target.dispatchEvent(new KeyboardEvent(type, { ...key, bubbles: true, cancelable: true }));
  }
}

/** The shortcuts are gone (signed out): hold again until the next console binds them. */
export function shortcutsGone() {
  if (window.__earlyKeys) window.__earlyKeys.hold = true;
}

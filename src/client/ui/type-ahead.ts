/**
 * Keys typed between choosing "Add …" or "Edit …" in the palette and the form taking the focus. The form's screen
 * may still be loading its code, or its record; until a field has the focus, what a fast typist types would reach
 * the page behind, where plain letters are shortcuts (the list's j/k, x, c, "g" then a letter to go elsewhere):
 * the name typed could open another screen. Meanwhile printable keys and Backspace are held here, and typed into
 * the first field that takes the focus; any other key (Tab, Enter, Esc, a shortcut with Ctrl) ends the hold and
 * does what it does. Nothing is held for more than HOLD_MS: a screen that never focuses a field drops them.
 */
const HOLD_MS = 3000;
let held: { until: number; text: string; field?: HTMLElement } | null = null;

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', '']);
/** A field of a form dialog (the forms are dialogs): not the list's filter box the focus may return to first. */
function isFormField(el: EventTarget | null): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.closest('[role="dialog"]')) return false;
  if (el instanceof HTMLInputElement) return TEXT_INPUTS.has(el.type) && !el.readOnly && !el.disabled;
  if (el instanceof HTMLTextAreaElement) return !el.readOnly && !el.disabled;
  return el.isContentEditable;
}

/** From now until a field takes the focus (or HOLD_MS pass), typed text waits for it. */
export function holdTypingForForm() {
  held = { until: performance.now() + HOLD_MS, text: '' };
}

function onKeyDown(e: KeyboardEvent) {
  if (!held) return;
  // Once the field is known, keys keep coming here until the held ones are in it, so they stay in order.
  if (!held.field && (performance.now() > held.until || isFormField(document.activeElement))) { held = null; return; }
  const printable = e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
  if (!printable && e.key !== 'Backspace') {
    // Tab or Enter right after the held text: the text goes into its field first, then the key does its work.
    if (held.text && held.field && document.activeElement === held.field) document.execCommand('insertText', false, held.text);
    held = null;
    return;
  }
  e.preventDefault();
  e.stopImmediatePropagation();
  held.text = e.key === 'Backspace' ? held.text.slice(0, -1) : held.text + e.key;
}

function onFocusIn(e: FocusEvent) {
  if (!held || held.field || !isFormField(e.target)) return;
  const mine = held;
  const field = (mine.field = e.target);
  // As if typed there: the field's own input events run (the form's change handlers), and Undo can take it back.
  // After the form's mount has run to its end (its library writes the default values into the fields then).
  setTimeout(() => {
    if (held !== mine) return; // a key already put the text in (or ended the hold)
    held = null;
    if (mine.text && document.activeElement === field) document.execCommand('insertText', false, mine.text);
  });
}

if (typeof window !== 'undefined') {
  // Capture on window: before the page's own key handlers (the shortcuts), which the held keys must not reach.
  window.addEventListener('keydown', onKeyDown, { capture: true });
  window.addEventListener('focusin', onFocusIn, { capture: true });
}

/**
 * Whether a key event's target is a place where keys are typing: a field, a picker or rich text. A screen's own
 * letter and Ctrl+Z shortcuts leave such keys to it (worklist's r, undo's Ctrl+Z). The palette's type-ahead asks a
 * narrower question (type-ahead.ts: a writable text field inside a dialog).
 */
export const isEditable = (el: EventTarget | null): boolean =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

import { useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Typing on a list finds; it never acts. A list's grid takes the keyboard as the list opens (so j/k, Enter and Space
 * work at once), and a staff member who lands there and types a surname means a search: "Chopra" must not be Shift+C
 * (complete), h, o, p, r, a. So until the user has moved on the grid (j, k, the arrows, Home/End, PageUp/PageDown, a
 * click on a row, Space to peek at one) or come to it from the search box (Esc, ↓, Enter there), a letter or digit typed on the grid goes
 * to the search box with everything typed after it, and no single-key shortcut of the console hears it. Once the user
 * works on the rows, the list's and the console's letters act (x selects, Shift+C completes, with its undo), and a
 * letter that is no key of either still starts a word in the search box.
 *
 * The grid's own keydown asks `gridKey` first; the search box's asks `searchKey`; the screen's asks `headingKey`, for
 * a bespoke list whose grid comes with its rows: until they do (a slow line), and when its search finds none, its
 * heading holds the keyboard in the grid's place (shell/screen-arrival.tsx), and a name typed there searches too
 * ("gupta" is not `g u`). The grid is unarmed again each time the list screen is put on the page (a new arrival).
 */
export interface TypeToFind {
  /** Whether the grid's letters act (the user moved on it). */
  armed: boolean;
  arm: () => void;
  /** For the grid's keydown, first: true when the key was taken (typed into the search box, or held back). */
  gridKey: (e: React.KeyboardEvent) => boolean;
  /** For the search box's keydown: Esc, ↓ and Enter go to the grid, armed. True when the key was taken. */
  searchKey: (e: React.KeyboardEvent) => boolean;
  /** For the screen's keydown: a letter or digit typed on its heading goes to the search box. True when taken. */
  headingKey: (e: React.KeyboardEvent) => boolean;
}

/** Keys that work on the rows (move, peek at the row, ask to delete it): after one, the grid's letters act. */
const ARMING = new Set(['j', 'k', 'ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp', ' ', 'Delete']);
const WORD = /^[\p{L}\p{N}]$/u;

/** How a key event is written in the keymap's notation (`shift+c`, `x`, `.`), to ask whether it is bound. */
export const comboOf = (e: { key: string; shiftKey: boolean }) =>
  (e.shiftKey && /^\p{L}$/u.test(e.key) ? `shift+${e.key.toLowerCase()}` : e.key.toLowerCase());

/**
 * `keysHere(combo)`: whether a key acts on this list or in the console (the grid's own keys, the keymap's single keys
 * and sequence starts): an armed grid lets those act and sends other letters to the search box. `held(key)`: a key
 * that is not a letter but acts on the record in view (`.`, repeat), refused on an unarmed grid; `onHeld` says why.
 */
export function useTypeToFind(search: React.RefObject<HTMLInputElement | null>, grid: React.RefObject<HTMLElement | null>,
  opts: { keysHere: (combo: string, e: Event) => boolean; held?: (key: string) => boolean; onHeld?: () => void }): TypeToFind {
  const armedRef = useRef(false);
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => {
    if (armedRef.current) return;
    armedRef.current = true;
    setArmed(true);
  }, []);

  /** The key typed into the search box in place of what it held: a new search starts with it, as if typed there. */
  const typeInSearch = (key: string) => {
    const box = search.current;
    if (!box) return;
    // Focused before this keydown ends, so the next key the typist presses is already the box's.
    flushSync(() => box.focus());
    box.select();
    document.execCommand('insertText', false, key);
  };

  const gridKey = (e: React.KeyboardEvent): boolean => {
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return false;
    if (ARMING.has(e.key)) { arm(); return false; }
    const word = WORD.test(e.key);
    if (!armedRef.current && !word && opts.held?.(e.key)) {
      e.preventDefault();
      e.stopPropagation();
      opts.onHeld?.();
      return true;
    }
    if (!word || (armedRef.current && opts.keysHere(comboOf(e), e.nativeEvent))) return false;
    e.preventDefault();
    // No shortcut of the console (they listen on the document, after the grid) hears it.
    e.stopPropagation();
    typeInSearch(e.key);
    return true;
  };

  const searchKey = (e: React.KeyboardEvent): boolean => {
    if (e.key !== 'ArrowDown' && e.key !== 'Enter' && e.key !== 'Escape') return false;
    if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
    e.preventDefault();
    // Esc in a search box clears it (the browser's own); here it keeps the search and goes to its rows.
    e.stopPropagation();
    arm();
    grid.current?.focus();
    return true;
  };

  const headingKey = (e: React.KeyboardEvent): boolean => {
    if (!(e.target instanceof HTMLHeadingElement) || e.ctrlKey || e.metaKey || e.altKey || !WORD.test(e.key)) return false;
    e.preventDefault();
    // As on the grid: no shortcut of the console (on the document, after the screen) hears it.
    e.stopPropagation();
    typeInSearch(e.key);
    return true;
  };

  return { armed, arm, gridKey, searchKey, headingKey };
}

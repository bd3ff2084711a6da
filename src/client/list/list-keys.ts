import type { Row } from '../api/entities';
import { PEEK_KEY } from '../../../commands';
import { rowMove } from '../list-parts/row-move';

/**
 * The keys of every list's grid, generic or bespoke: type-to-find and the grid's cell editors go first, then j/k, the
 * arrows, Home/End and PageUp/PageDown move the focused row (row-move.ts), and `keys` act on it (a list's own: Enter
 * opens, x selects, r reminds…). Keys with a modifier, and keys typed inside a row's control, are left alone.
 */
export function rowKeys(c: {
  find: { gridKey: (e: React.KeyboardEvent) => boolean };
  /** The grid's cell cursor and editors (grid/): their keys go first, as type-to-find's do. */
  cells?: { gridKey: (e: React.KeyboardEvent) => boolean };
  focused: number; count: number; moveTo: (i: number) => void;
  keys: Record<string, () => void>;
}) {
  return (e: React.KeyboardEvent) => {
    if (c.find.gridKey(e) || c.cells?.gridKey(e)) return;
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const to = rowMove(e.key, c.focused, c.count);
    if (to !== null) { e.preventDefault(); c.moveTo(to); return; }
    const action = c.keys[e.key];
    if (action) { e.preventDefault(); action(); }
  };
}

/**
 * The generic list's keys on its grid (table or cards), on `rowKeys`: Enter opens the focused row, e edits, x selects,
 * Shift+j/k grow the selection, Delete asks to delete, Space peeks.
 */
export function listKeys(c: {
  find: { gridKey: (e: React.KeyboardEvent) => boolean };
  cells?: { gridKey: (e: React.KeyboardEvent) => boolean };
  focused: number; count: number; row: Row | undefined; peeking: boolean;
  moveTo: (i: number) => void; extendTo: (i: number) => void; open: (row: Row) => void; edit: (row: Row) => void; toggle: (id: number) => void;
  /** Absent when the role may not delete. */
  remove?: (row: Row) => void;
  /** Absent when the role may not open the record (the peek shows what its page would). */
  peek?: () => void;
  closePeek: () => void;
}) {
  const row = c.row;
  return rowKeys({
    ...c,
    keys: {
      Enter: () => row && c.open(row),
      e: () => row && c.edit(row),
      x: () => row && c.toggle(row.id),
      // Shift+j/k: the focused row and the next (or the one before) selected, the focus moving on, as a range grows.
      J: () => row && c.extendTo(c.focused + 1), K: () => row && c.extendTo(c.focused - 1),
      Delete: () => row && c.remove?.(row),
      [PEEK_KEY.key]: () => row && c.peek?.(),
      ...(c.peeking ? { Escape: c.closePeek } : {}),
    },
  });
}

import type { Row } from '../api/entities';
import { PEEK_KEY } from '../../../commands';
import { rowMove } from '../list-parts/row-move';

/**
 * The generic list's keys on its grid (table or cards): j/k, the arrows, Home/End and PageUp/PageDown move the
 * focused row (row-move.ts, as on the bespoke lists); Enter opens it, e edits, x selects, Shift+j/k
 * grow the selection, Delete asks to delete, Space peeks. A name typed first goes to type-to-find; keys with a
 * modifier, and keys typed inside a row's control, are left alone.
 */
export function listKeys(c: {
  find: { gridKey: (e: React.KeyboardEvent) => boolean };
  /** The grid's cell cursor and editors (grid/): their keys go first, as type-to-find's do. */
  cells?: { gridKey: (e: React.KeyboardEvent) => boolean };
  focused: number; count: number; row: Row | undefined; peeking: boolean;
  moveTo: (i: number) => void; extendTo: (i: number) => void; open: (row: Row) => void; edit: (row: Row) => void; toggle: (id: number) => void;
  /** Absent when the role may not delete. */
  remove?: (row: Row) => void;
  /** Absent when the role may not open the record (the peek shows what its page would). */
  peek?: () => void;
  closePeek: () => void;
}) {
  return (e: React.KeyboardEvent) => {
    if (c.find.gridKey(e) || c.cells?.gridKey(e)) return;
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const to = rowMove(e.key, c.focused, c.count);
    if (to !== null) { e.preventDefault(); c.moveTo(to); return; }
    const row = c.row;
    const keys: Record<string, () => void> = {
      Enter: () => row && c.open(row),
      e: () => row && c.edit(row),
      x: () => row && c.toggle(row.id),
      // Shift+j/k: the focused row and the next (or the one before) selected, the focus moving on, as a range grows.
      J: () => row && c.extendTo(c.focused + 1), K: () => row && c.extendTo(c.focused - 1),
      Delete: () => row && c.remove?.(row),
      [PEEK_KEY.key]: () => row && c.peek?.(),
      ...(c.peeking ? { Escape: c.closePeek } : {}),
    };
    const action = keys[e.key];
    if (action) { e.preventDefault(); action(); }
  };
}

import { useState } from 'react';

/**
 * The row the keys are on (the controller's, and the bespoke lists'): `moveTo` keeps it within the rows loaded and
 * `reveal`s it (the generic list scrolls its window to it; a bespoke list scrolls the row into view and loads its
 * next page at the end).
 */
export function useFocusedRow(count: number, reveal: (i: number) => void) {
  const [focused, setFocused] = useState(0);
  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(count - 1, i));
    setFocused(next);
    reveal(next);
  };
  return { focused, setFocused, moveTo };
}

/**
 * Moving a focused row with j/k, arrows, Home/End, PageUp/PageDown; returns the new index or null for another key.
 * The one reading of these keys on every list: the generic list's grid (list-keys.ts) and the bespoke lists'.
 */
export function rowMove(key: string, at: number, count: number): number | null {
  const to = ({ j: at + 1, ArrowDown: at + 1, k: at - 1, ArrowUp: at - 1, Home: 0, End: count - 1, PageDown: at + 10, PageUp: at - 10 } as Record<string, number>)[key];
  return to === undefined ? null : Math.max(0, Math.min(count - 1, to));
}

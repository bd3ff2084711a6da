/**
 * The order of a calendar's days on a phone (calendar-day-list.tsx), pure so that it is tested on its own.
 *
 * Today first, then the days after it, then the period's earlier days: staff open the calendar on a phone to see what
 * is on now and next (who comes in today, which slots still have room), so that is what the screen starts with. The
 * earlier days stay in the list, after a divider, rather than behind the period's navigation: "Previous week" would
 * skip them (they belong to this week), and a receptionist checking who came on Monday still finds them by scrolling.
 * A period without today in it (another week) reads in calendar order.
 */
export function dayListOrder(days: readonly string[], today: string): { day: string; earlier: boolean }[] {
  if (!days.includes(today)) return days.map((day) => ({ day, earlier: false }));
  return [
    ...days.filter((d) => d >= today).map((day) => ({ day, earlier: false })),
    ...days.filter((d) => d < today).map((day) => ({ day, earlier: true })),
  ];
}

/**
 * Moving among the cards of a day list (`counts`: each shown day's number of cards, in the order shown; `at`: the
 * index of the current card among all of them): j/k and the arrows up and down one card, Home and End to the first
 * and last, left and right to the first card of the previous and next day that has any. Null for another key.
 */
export function dayListMove(key: string, at: number, counts: readonly number[]): number | null {
  const total = counts.reduce((n, c) => n + c, 0);
  if (!total) return null;
  const clamp = (i: number) => Math.max(0, Math.min(total - 1, i));
  switch (key) {
    case 'j': case 'ArrowDown': return clamp(at + 1);
    case 'k': case 'ArrowUp': return clamp(at - 1);
    case 'Home': return 0;
    case 'End': return total - 1;
    case 'ArrowLeft': case 'ArrowRight': break;
    default: return null;
  }
  // The first card of each day that has any, in order.
  const starts: number[] = [];
  counts.reduce((first, c) => { if (c) starts.push(first); return first + c; }, 0);
  const here = starts.filter((s) => s <= clamp(at)).length - 1;
  const to = here + (key === 'ArrowLeft' ? -1 : 1);
  return starts[Math.max(0, Math.min(starts.length - 1, to))];
}

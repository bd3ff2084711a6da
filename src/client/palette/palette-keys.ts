import type { KeyboardEvent } from 'react';

/**
 * The palette's keys besides moving and choosing (listbox.tsx): as in Linear, GitHub and VS Code, a line that goes
 * somewhere (a list, a record: its `data-address`) opens in a new tab with Ctrl+Enter (Cmd+Enter on a Mac), and
 * Ctrl+C copies its link while nothing is selected in the box (with text selected, Ctrl+C copies that, as anywhere).
 */
export type LineKey = 'newTab' | 'copyLink';

export function lineKey(e: KeyboardEvent, box: HTMLInputElement | null): LineKey | null {
  const mod = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
  if (!mod) return null;
  if (e.key === 'Enter') return 'newTab';
  if ((e.key === 'c' || e.key === 'C') && (!box || box.selectionStart === box.selectionEnd)) return 'copyLink';
  return null;
}

/** The selected line's address, absolute; null when it goes nowhere (a command that asks or acts). */
export function selectedAddress(root: HTMLElement | null): string | null {
  const line = root?.querySelector<HTMLElement>('[data-palette-item][aria-selected="true"]');
  const address = line?.dataset.address;
  return address ? new URL(address, window.location.origin).href : null;
}

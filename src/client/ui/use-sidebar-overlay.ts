import { useEffect, type RefObject } from 'react';
import { ui } from '../state/ui';
import { sidebarIsOverlay } from './use-sidebar-mode';

const menuButton = () => document.querySelector<HTMLElement>('.topbar [aria-controls="sidebar"]');
let focusOnOpen = false;

/** The menu button and the toggleSidebar command: opened by the user below desktop, the sidebar takes the focus. */
export function toggleSidebar() {
  ui.sidebarOpen = !ui.sidebarOpen;
  focusOnOpen = ui.sidebarOpen && sidebarIsOverlay();
}

/** Closes the overlay; the focus it held goes back to the menu button instead of falling to the page's start. */
export function closeSidebar() {
  const held = !!document.getElementById('sidebar')?.contains(document.activeElement);
  ui.sidebarOpen = false;
  if (held) menuButton()?.focus();
}

/**
 * Below desktop the open sidebar lies over the page like a menu (spec §4: collapsed on tablets and phones): the focus
 * moves into it when the user opens it (to the page's own entry, else the first), and Esc closes it, as does a tap or
 * click outside it. A tap on the page itself lands on the scrim (shell.tsx), which closes it without also pressing
 * what lies under it. Choosing an entry closes it too (sidebar.tsx).
 */
export function useSidebarOverlay(nav: RefObject<HTMLElement | null>, open: boolean) {
  useEffect(() => {
    if (!open || !sidebarIsOverlay()) return;
    const el = nav.current;
    // A frame later: a palette that ran the command gives the focus back to where it was as it closes.
    const frame = focusOnOpen ? requestAnimationFrame(() => {
      (el?.querySelector<HTMLElement>('[aria-current="page"]') ?? el?.querySelector<HTMLElement>('a, button'))?.focus();
    }) : 0;
    focusOnOpen = false;
    const onKey = (e: KeyboardEvent) => {
      // An open dialog (the palette, a form) or a menu with the focus takes Esc first; otherwise Esc closes the overlay
      // and nothing else (the details page would also go back to its list).
      if (e.key !== 'Escape' || document.querySelector('[role="dialog"]') || document.activeElement?.closest('.menu-pop')) return;
      e.preventDefault();
      e.stopPropagation();
      closeSidebar();
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element;
      if (el?.contains(target) || target.closest?.('[aria-controls="sidebar"], .sidebar-scrim')) return;
      closeSidebar();
    };
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onDown);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [nav, open]);
}

import { useEffect } from 'react';
import { ui } from '../state/ui';

/** spec §4, §9: above 1100 desktop, above 991 tablet-landscape, above 767 tablet, else mobile. */
export type SidebarMode = 'desktop' | 'tablet-landscape' | 'tablet' | 'mobile';

export function sidebarModeFor(width: number): SidebarMode {
  if (width > 1100) return 'desktop';
  if (width > 991) return 'tablet-landscape';
  if (width > 767) return 'tablet';
  return 'mobile';
}

export const RESIZE_DEBOUNCE_MS = 1000;

/** Below desktop the sidebar lies over the page (styles.css, max-width 1100px): it closes once it has served. */
export function sidebarIsOverlay(): boolean {
  return sidebarModeFor(window.innerWidth) !== 'desktop';
}

/** Starts collapsed on all but desktop; follows the window's mode after a 1000 ms debounce. */
export function useSidebarMode() {
  useEffect(() => {
    let mode = sidebarModeFor(window.innerWidth);
    ui.sidebarOpen = mode === 'desktop';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const next = sidebarModeFor(window.innerWidth);
        if (next !== mode) {
          mode = next;
          ui.sidebarOpen = next === 'desktop';
        }
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);
}

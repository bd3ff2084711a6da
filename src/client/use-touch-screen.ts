import { useSyncExternalStore } from 'react';

/**
 * A touch screen without a pointer that hovers (a phone, a tablet): the query of styles.css that hides keyboard
 * hints (kbd, .key-hint). CSS hides what it can; text it cannot reach, such as a placeholder, asks this hook.
 */
export const TOUCH_QUERY = '(hover: none) and (pointer: coarse)';

const query = typeof matchMedia === 'function' ? matchMedia(TOUCH_QUERY) : null;

const subscribe = (onChange: () => void) => {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** True on a touch screen; follows a change (a tablet's keyboard and trackpad attached or taken off). */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false, () => false);
}

import { useSyncExternalStore } from 'react';

/** A phone held upright: under 600 px wide, where a list's columns no longer fit and its rows become cards. */
export const NARROW_QUERY = '(max-width: 599.98px)';

const query = typeof matchMedia === 'function' ? matchMedia(NARROW_QUERY) : null;

const subscribe = (onChange: () => void) => {
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** True under 600 px; follows a turn of the phone or a resized window. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => query?.matches ?? false, () => false);
}

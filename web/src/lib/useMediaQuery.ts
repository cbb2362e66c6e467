/** Whether a CSS media query matches the window now; the component renders again when that changes. */
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Bootstrap's md breakpoint: narrower windows are phones, where wide tables become cards. */
export const WIDE_SCREEN_QUERY = '(min-width: 768px)';

/**
 * Whether a CSS media query matches, following changes (a phone turned, a window resized). Used
 * where the order or placement of content differs on phones and a CSS-only reorder would make the
 * reading order differ from the visual one.
 */
import { useSyncExternalStore } from 'react';

/** Media query of a phone-sized viewport: below Tailwind's `md` breakpoint (768 px). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** True while `query` matches; false where `matchMedia` is missing (tests, old browsers). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** True on a phone-sized viewport ({@link PHONE_QUERY}). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

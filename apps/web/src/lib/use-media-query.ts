/**
 * Whether a CSS media query matches, following changes (a phone turned, a window resized). Used
 * where the order or placement of content differs on phones and a CSS-only reorder would make the
 * reading order differ from the visual one.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What a page rendered on the server assumed of the screen: whether it is phone-sized, guessed
 * from the request (entry-server.tsx) and carried to the browser with the page, so the browser's
 * first render (hydration) matches the HTML; the real media query takes over right after.
 */
export const ServerViewport = createContext<{ phone: boolean }>({ phone: false });

/** Media query of a phone-sized viewport: below Tailwind's `md` breakpoint (768 px). */
export const PHONE_QUERY = '(max-width: 767.98px)';

/**
 * True while `query` matches; false where `matchMedia` is missing (tests, old browsers). While a
 * server-rendered page hydrates, the phone query answers the server's guess ({@link ServerViewport}).
 */
export function useMediaQuery(query: string): boolean {
  const serverGuess = useContext(ServerViewport).phone && query === PHONE_QUERY;
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => serverGuess,
  );
}

/** True on a phone-sized viewport ({@link PHONE_QUERY}). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

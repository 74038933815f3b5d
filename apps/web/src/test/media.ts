/** A `window.matchMedia` for tests (jsdom has none): which media queries match. */
import { vi } from 'vitest';

/**
 * Installs `window.matchMedia` answering `matches(query)`; undone by `vi.unstubAllGlobals()` or
 * the returned function. Lists never change, so listeners are accepted and ignored.
 */
export function stubMatchMedia(matches: (query: string) => boolean): () => void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  return () => vi.unstubAllGlobals();
}

/** A phone-sized viewport (375 px): every `max-width` query matches, no `min-width` one does. */
export const phoneViewport = (query: string) => query.includes('max-width');

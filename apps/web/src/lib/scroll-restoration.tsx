/**
 * Scroll restoration for the declarative router (app/router.tsx), doing what React Router's own
 * `<ScrollRestoration>` does for its data router, which it needs: every history entry (the
 * location's `key`) remembers how far the page was scrolled; going back or forward, or reloading,
 * returns there; a new entry starts at the top, or at the element its `#hash` names. Positions
 * are kept for the tab's life in sessionStorage, so a reload finds them too.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The sessionStorage key of the saved positions (a JSON object: location key → CSS pixels). */
export const SCROLL_POSITIONS_KEY = 'flockr-scroll-positions';

/** Reads the saved positions; an empty map when there are none or storage is unavailable. */
function readPositions(): Map<string, number> {
  try {
    const raw = window.sessionStorage.getItem(SCROLL_POSITIONS_KEY);
    const saved: unknown = raw ? JSON.parse(raw) : {};
    if (saved && typeof saved === 'object') {
      return new Map(
        Object.entries(saved).filter((e): e is [string, number] => typeof e[1] === 'number'),
      );
    }
  } catch {
    // Storage may be disabled or hold something else: start without saved positions.
  }
  return new Map();
}

/** Saves the positions for a reload; a full or disabled storage only loses them. */
function writePositions(positions: Map<string, number>): void {
  try {
    window.sessionStorage.setItem(
      SCROLL_POSITIONS_KEY,
      JSON.stringify(Object.fromEntries(positions)),
    );
  } catch {
    // Nothing to do: the positions live on in memory until the tab closes.
  }
}

/** Scrolls to the element `hash` names (`#id`); false when there is none. */
function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: look the id up as written.
  }
  const target = document.getElementById(id);
  target?.scrollIntoView();
  return !!target;
}

/** Whether this document was loaded by a reload or by going back or forward in history. */
function returning(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** Moves the window to `top` at once: the stylesheet's smooth scrolling is for links within a page. */
function jumpTo(top: number): void {
  window.scrollTo({ top, left: 0, behavior: 'instant' });
}

/** Renders nothing; restores or resets the window's scroll position on every navigation. */
export function ScrollRestoration() {
  const location = useLocation();
  const positions = useRef<Map<string, number>>(null);
  // The entry on screen, which scrolling moves: set once a location has rendered, never from a
  // render a pending navigation may still throw away.
  const current = useRef(location.key);

  // The browser's own restoration would jump before the new page has rendered.
  useEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const onScroll = () => saved.set(current.current, window.scrollY);
    const onPageHide = () => writePositions(saved);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.history.scrollRestoration = before;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  // Before paint, once the page of the new location has rendered.
  const first = useRef(true);
  useLayoutEffect(() => {
    current.current = location.key;
    positions.current ??= readPositions();
    const y = positions.current.get(location.key);
    if (first.current) {
      first.current = false;
      // The document's first location: the browser has placed it (top, or its #hash) and the
      // visitor may already be scrolling a page the server rendered. Only a reload or a return
      // through history comes back to where the entry was left; a new document's first entry
      // shares the key "default" with earlier ones, so what was saved under it is forgotten.
      if (y !== undefined && returning()) jumpTo(y);
      else positions.current.delete(location.key);
      return;
    }
    if (y !== undefined) jumpTo(y);
    else if (!scrollToHash(location.hash)) jumpTo(0);
  }, [location.key, location.hash]);

  return null;
}

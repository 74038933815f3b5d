/**
 * Whether this render runs in a browser that has finished hydrating the server's HTML
 * (docs/web-performance.md, "Before the page answers"). A public page is painted from the
 * server's HTML before its JavaScript runs; until React hydrates it, a tap on a button is lost and
 * a form would be submitted natively (its fields in the URL). Controls that must not be used
 * before then read this.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * `false` on the server and while React hydrates (so the markup matches the server's), `true`
 * from the render after hydration on, and always `true` for a page rendered in the browser.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** The attribute `<html>` carries once the app answers input (set by {@link markHydrated}). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks `<html>` with {@link HYDRATED_ATTRIBUTE} once the app has committed its first render in the
 * browser, so scripts (and the end-to-end tests) can wait until the page answers input.
 */
export function markHydrated(doc: Document = document): void {
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
}

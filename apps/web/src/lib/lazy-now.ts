/** Lazily loaded parts of a page that should still arrive with the page. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` whose import starts now (when the calling module loads) instead of at the first
 * render: for a part a page always shows, kept out of the page's first chunk but fetched alongside
 * it (the sign-in and registration forms, with react-hook-form). Render it inside `<Suspense>`:
 * while hydrating, React keeps the server's HTML of that boundary until the code is there.
 * `load` resolves with the component.
 */
export function lazyNow<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  const loading = load();
  // A failed load is reported where the part renders (the app's error page), not twice.
  loading.catch(() => {});
  // Always suspends on its first render, even when the code is in: while hydrating, React then
  // keeps the server's HTML of the boundary (its fields disabled until the app answers) and
  // hydrates it as a unit, instead of racing the visitor's first keystrokes.
  return lazy(async () => ({ default: await loading }));
}

/** A lazily loaded component that can be loaded ahead of its first render. */
export interface Preloadable<P extends object> {
  /** Render inside `<Suspense>`; renders at once when {@link Preloadable.preload} has resolved. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Loads the code now; resolves once it is in (a failure rejects, and the next call retries). */
  preload: () => Promise<void>;
}

/**
 * `React.lazy` whose code can be asked for ahead (a page matched by the URL before hydrating, the
 * user menu of a stored session). When the code is already in at the first render, `React.lazy`
 * gets a thenable that answers at once, reads it as loaded and renders without suspending:
 * hydration finds the server's markup, and nothing swaps in later. It is one component either
 * way, so what it shows is never remounted when its code arrives. `load` resolves with the
 * component.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  const Component = lazy(() => {
    if (!loaded) return preload().then(() => ({ default: loaded! }));
    const module = { default: loaded };
    return {
      then: (resolve: (m: typeof module) => void) => resolve(module),
    } as Promise<typeof module>;
  });
  return { Component, preload };
}

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
  // A failed load is reported where the part renders (the route's error element), not twice.
  loading.catch(() => {});
  return lazy(async () => ({ default: await loading }));
}

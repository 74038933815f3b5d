/**
 * The toast host, mounted once by the app's providers. It renders nothing until the first toast
 * (lib/toast.ts), then loads sonner's configured Toaster (sonner-toaster.tsx), so no page's first
 * chunk carries sonner. Server and browser both render nothing at first: hydration-safe.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToasts, toastsRequested } from '../../lib/toast';

/** sonner's Toaster as the app configures it, loaded with the first toast. */
const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** Renders the toast region once a toast was asked for; nothing before. */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToToasts, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}

/**
 * Toasts without sonner in any page's first chunk: `toast.success(…)` and the others load sonner
 * on the first toast and show it there. The toast host (components/ui/toaster.tsx) mounts sonner's
 * Toaster at that first toast ({@link subscribeToToasts}); sonner shows the toasts made before its
 * Toaster mounted, so none is lost. Call sites use this module, never sonner itself.
 */
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

type Sonner = typeof SonnerModule;
type Kind = 'success' | 'error' | 'info' | 'warning';

let sonner: Promise<Sonner> | undefined;
let requested = false;
const listeners = new Set<() => void>();

/** Loads sonner once; a failed load is forgotten, so the next toast tries again. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  return sonner;
}

/** Shows a toast of `kind`; the first one also asks the host to mount sonner's Toaster. */
function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  // A toast whose code cannot load is dropped: it only confirms what the page already shows.
  loadSonner().then(
    ({ toast }) => void toast[kind](message, options),
    () => {},
  );
}

/** The app's toasts (5 s, bottom right: components/ui/sonner-toaster.tsx). */
export const toast = {
  /** A confirmation, e.g. 'Profile updated'. */
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  /** A failure, with the server's text. */
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  /** A neutral notice. */
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  /** A warning. */
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
};

/** True once a toast was asked for (the host then mounts sonner's Toaster). */
export function toastsRequested(): boolean {
  return requested;
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe function. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

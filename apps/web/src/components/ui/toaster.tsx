/** Toast host (sonner): 5 s lifetime and 300 ms exit animation (spec section 9). */
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_EXIT_MS } from '@flockr/contract';

/** Renders the toast region used by `toast.success/error/warning/info` from sonner. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={{ '--toast-exit-ms': `${TOAST_EXIT_MS}ms` } as CSSProperties}
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}

/**
 * Toast host (sonner): 5 s lifetime and 300 ms exit animation (spec section 9). Toasts never
 * cover the navigation: on phones they sit at the bottom of the screen; on wider screens at the
 * top right, below the 64 px sticky header, so the header stays clickable.
 */
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_EXIT_MS } from '@flockr/contract';
import { useIsPhone } from '../../lib/use-media-query';

/** Distance of the toasts from the top of a wide screen: the header's 64 px plus a 16 px gap. */
export const TOAST_TOP_OFFSET_PX = 80;

/** Renders the toast region used by `toast.success/error/warning/info` from sonner. */
export function Toaster() {
  const phone = useIsPhone();
  return (
    <SonnerToaster
      position={phone ? 'bottom-center' : 'top-right'}
      offset={{ top: TOAST_TOP_OFFSET_PX, right: 24, bottom: 24, left: 24 }}
      mobileOffset={{ bottom: 16, left: 16, right: 16 }}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={{ '--toast-exit-ms': `${TOAST_EXIT_MS}ms` } as CSSProperties}
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}

/**
 * sonner's toast host as the app configures it, loaded with the first toast (toaster.tsx): 5 s
 * lifetime and 300 ms exit animation (requirements §9). Toasts sit at the
 * bottom right (full width at the bottom on phones), where they never cover the sticky header
 * nor the banners under it (the download error's View Plans, the e-mail banner's Resend), so the
 * navigation stays clickable. The rich colours' texts are a shade darker than sonner's own, for a
 * 4.5:1 contrast on their tinted backgrounds.
 */
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, TOAST_EXIT_MS } from '@flockr/contract';

/** Sonner's rich-colour text variables, darkened for contrast (their backgrounds stay). */
const READABLE_TEXTS = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 35%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 38%)',
};

/** Renders the toast region that shows `toast.success/error/warning/info` (lib/toast.ts). */
export default function SonnerToaster() {
  return (
    <Toaster
      position="bottom-right"
      mobileOffset={{ bottom: 16, left: 16, right: 16 }}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      style={{ '--toast-exit-ms': `${TOAST_EXIT_MS}ms`, ...READABLE_TEXTS } as CSSProperties}
      toastOptions={{ classNames: { toast: 'font-sans' } }}
    />
  );
}

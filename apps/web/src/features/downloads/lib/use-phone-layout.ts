/**
 * Whether the page is laid out for a phone: the viewport is narrower than Tailwind's `sm`
 * breakpoint (640 px). The download centre then offers to e-mail the link first, since a phone
 * has no use for the desktop program's ZIP (README "Product decisions", Download centre).
 */
import { useSyncExternalStore } from 'react';

/** The media query of a phone-sized viewport (below Tailwind's `sm`). */
export const PHONE_QUERY = '(max-width: 639px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;
}

/** True while the viewport matches {@link PHONE_QUERY}; follows resizes and rotation. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

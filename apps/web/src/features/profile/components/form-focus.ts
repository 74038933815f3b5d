/**
 * Focus helpers for the profile's dialog forms. The shared Button disables itself while loading,
 * and a focused element that becomes disabled hands focus to <body>, outside the dialog's focus
 * trap; these put it back somewhere useful.
 */
import { useEffect, useRef } from 'react';

/**
 * Classes that let a tall dialog form scroll on short screens (the shared Dialog does not); the
 * padding keeps focus rings visible inside the scroll box.
 */
export const DIALOG_FORM_SCROLL = '-m-1 max-h-[calc(100dvh-9rem)] overflow-y-auto p-1';

/**
 * Returns a ref for the error box's wrapper (give it tabIndex={-1}); whenever `error` becomes a
 * new text, focus moves there so keyboard users stay in the dialog and hear the message.
 */
export function useFocusOnError<T extends HTMLElement>(error: string | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  return ref;
}

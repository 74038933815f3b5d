/**
 * A Copy button for a secret or a long value (feed tokens, feed URLs, API tokens): copies with
 * the Clipboard API, or, where the page has none (a plain-HTTP address), with a hidden text area
 * and `execCommand('copy')`. It then reads "Copied" for a moment and says so to screen readers
 * (a polite status); a failure asks to copy by hand.
 */
import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from './button';

/** How long the button reads "Copied" after a copy (ms). */
export const COPIED_MS = 2000;

/**
 * Copies `text` to the clipboard. Resolves true when it was copied, false when the browser
 * refused (no permission, no clipboard at all).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the text-area copy (some browsers refuse the API but allow this).
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand?.('copy') ?? false;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * A button copying `value`; its name is "Copy {what}" (e.g. "Copy feed token"), its visible text
 * "Copy", then "Copied" for {@link COPIED_MS} (or "Copy failed") with the same news in a status
 * region.
 */
export function CopyButton({
  value,
  what,
  size = 'sm',
  variant = 'outline',
  className,
}: {
  value: string;
  /** What is copied, for the accessible name and the confirmation. */
  what: string;
  size?: ButtonSize;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const copied = await copyText(value);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), copied ? COPIED_MS : 2 * COPIED_MS);
  };
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        icon={
          state === 'copied' ? (
            <Check aria-hidden="true" className="size-4 text-emerald-600" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )
        }
        onClick={() => void copy()}
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}{' '}
        <span className="sr-only">{what}</span>
      </Button>
      <span role="status" className="sr-only">
        {state === 'copied'
          ? `Copied ${what} to the clipboard`
          : state === 'failed'
            ? `Could not copy the ${what}; select it and copy it by hand`
            : ''}
      </span>
    </>
  );
}

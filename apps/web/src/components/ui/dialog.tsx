/**
 * The app's modal dialog, on Radix Dialog (focus moved in and trapped, Escape and the backdrop
 * close, focus restored, the rest of the page inert, scrolling locked). Labelled by `title`,
 * described by its body; scrolls within the screen when taller than it.
 */
import { useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/**
 * Renders `children` in a modal while `open`; `onClose` runs on Escape, the close button and a
 * click outside. `footer` holds the actions. `size` 'lg' widens it for content with lists (an
 * admin's user detail).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg';
}) {
  // Radix returns focus only to its own Trigger; our dialogs open from any button, so remember
  // what had focus and give it back on close (WAI-ARIA dialog pattern).
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <div className="pointer-events-none fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
          <RadixDialog.Content
            onOpenAutoFocus={() => {
              opener.current = document.activeElement as HTMLElement | null;
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
            className={`pointer-events-auto relative max-h-[calc(100dvh-2rem)] w-full ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'} overflow-y-auto rounded-2xl bg-white p-6 shadow-raised focus:outline-none`}
          >
            <div className="flex items-start justify-between gap-4">
              <RadixDialog.Title className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
                {title}
              </RadixDialog.Title>
              <RadixDialog.Close
                className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                aria-label="Close dialog"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            </div>
            <RadixDialog.Description asChild>
              <div className="mt-3 space-y-3 text-sm leading-6 text-slate-700">{children}</div>
            </RadixDialog.Description>
            {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

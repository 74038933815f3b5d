/**
 * A confirmation before an action that cannot be taken back (rotating a key or token,
 * deactivating a device, revoking, suspending): what happens in the body, Cancel, and the action
 * in its own words. The action's failure stays in the dialog with the server's text.
 */
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  open?: boolean;
  title: string;
  confirmLabel: string;
  confirmVariant?: 'danger' | 'primary';
  busy: boolean;
  disabled?: boolean;
  error?: Error | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The dialog, shown while `open` (default true). `onClose` runs on Cancel, Escape and a click
 * outside; `onConfirm` on the action button labelled `confirmLabel` (red unless `confirmVariant`
 * is 'primary'), which spins while `busy` and cannot be pressed while `disabled`. `error`, when
 * set, is shown under the body.
 */
export function ConfirmDialog({
  open = true,
  title,
  confirmLabel,
  confirmVariant = 'danger',
  busy,
  disabled = false,
  error,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={confirmVariant} loading={busy} disabled={disabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? <Alert variant="error">{error.message}</Alert> : null}
    </Dialog>
  );
}

/** What {@link MutationConfirmDialog} needs of a mutation (a TanStack Query mutation's result). */
export interface ConfirmedMutation<V> {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: Error | null;
}

/**
 * A {@link ConfirmDialog} whose action runs `mutation` with `variables` (none for a mutation that
 * takes none), then `onDone` once it succeeded (`onClose` when not given): the action spins
 * while the mutation runs, and its error (the server's text) stays in the dialog.
 */
export function MutationConfirmDialog<V>({
  mutation,
  variables,
  onDone,
  ...props
}: Omit<ConfirmDialogProps, 'busy' | 'error' | 'onConfirm'> & {
  mutation: ConfirmedMutation<V>;
  onDone?: () => void;
} & (undefined extends V ? { variables?: V } : { variables: V })) {
  return (
    <ConfirmDialog
      {...props}
      busy={mutation.isPending}
      error={mutation.error}
      onConfirm={() => mutation.mutate(variables as V, { onSuccess: onDone ?? props.onClose })}
    />
  );
}

/**
 * The form inside each of the profile's dialogs (Change Password, Update Email, Delete Account):
 * its fields, the server's error in the red box, and Cancel beside the submit button.
 */
import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** Props of {@link DialogForm}. */
export interface DialogFormProps {
  /** Accessible name of the form, e.g. "Change password". */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  /** Text of the submit button. */
  submitLabel: string;
  /** A destructive action: the submit button is red. */
  danger?: boolean;
  /** The call is running: the submit button shows a spinner and is disabled. */
  pending: boolean;
  /** The failed call's error; its `message` is shown above the buttons. */
  error: Error | null;
  children: ReactNode;
}

/**
 * Renders the form. The submit button disables itself while sending, and a focused element that
 * becomes disabled hands focus to <body>, outside the dialog: each new `error` therefore takes
 * the focus, so keyboard users stay in the dialog and hear the message.
 */
export function DialogForm({
  label,
  onSubmit,
  onCancel,
  submitLabel,
  danger = false,
  pending,
  error,
  children,
}: DialogFormProps) {
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={label}>
      {children}
      {error ? (
        <div ref={errorRef} tabIndex={-1} className="outline-none">
          <Alert variant="error">{error.message}</Alert>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

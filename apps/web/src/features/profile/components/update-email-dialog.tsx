/**
 * Update Email dialog of the Security card: new address and current password, posted to
 * `POST /auth/change-email`. The address changes only once the e-mailed link is opened, so on
 * success the dialog shows the server's message instead of the form.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { changeEmailRequestSchema, errorText } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { requestEmailChange } from '../api/account';
import { ACCOUNT_ERRORS } from '../api/texts';
import { DIALOG_FORM_SCROLL, useFocusOnError } from './form-focus';

type Values = z.input<typeof changeEmailRequestSchema>;
type Output = z.output<typeof changeEmailRequestSchema>;

/** The dialog; `currentEmail` is shown for reference. Its form is rebuilt each time it opens. */
export function UpdateEmailDialog({
  open,
  onClose,
  currentEmail,
}: {
  open: boolean;
  onClose: () => void;
  currentEmail: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Update Email">
      <UpdateEmailForm onClose={onClose} currentEmail={currentEmail} />
    </Dialog>
  );
}

/** The form inside {@link UpdateEmailDialog}, or the server's message once sent. */
function UpdateEmailForm({ onClose, currentEmail }: { onClose: () => void; currentEmail: string }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const errorRef = useFocusOnError<HTMLDivElement>(serverError);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { new_email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { message } = await requestEmailChange(values);
      setSentMessage(message);
    } catch (error) {
      setServerError(errorText(undefined, error as Error, ACCOUNT_ERRORS.changeEmail));
    }
  });

  if (sentMessage) {
    return (
      <div className="space-y-4">
        <Alert variant="success">{sentMessage}</Alert>
        <div className="flex justify-end pt-2">
          {/* The form (and its focused button) is gone: start keyboard users here. */}
          <Button onClick={onClose} autoFocus>
            Done
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`space-y-4 ${DIALOG_FORM_SCROLL}`}
      aria-label="Update email"
    >
      <p>
        Your address is <strong className="break-all text-slate-900">{currentEmail}</strong>. We
        will send a confirmation link to the new address; it changes when you open that link.
      </p>
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.new_email?.message}
        {...register('new_email', { onChange: () => clearErrors('new_email') })}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      {serverError ? (
        <div ref={errorRef} tabIndex={-1} className="outline-none">
          <Alert variant="error">{serverError}</Alert>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Send confirmation link
        </Button>
      </div>
    </form>
  );
}

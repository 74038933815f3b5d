/**
 * Danger zone of /profile: Delete Account opens a confirmation dialog that explains what happens
 * and asks for the password, then calls `DELETE /user/account`.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Trash2 } from 'lucide-react';
import { RETENTION, deleteAccountRequestSchema, errorText } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { deleteAccount } from '../api/account';
import { ACCOUNT_DELETED_TOAST, ACCOUNT_ERRORS } from '../api/texts';
import { DIALOG_FORM_SCROLL, useFocusOnError } from './form-focus';

type Values = z.input<typeof deleteAccountRequestSchema>;

/** The card with the Delete Account button and its confirmation dialog. */
export function DangerZoneCard() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Card className="border-red-200!">
      <CardHeader
        title="Danger zone"
        description="Deleting your account is permanent and cannot be undone."
      />
      <div className="px-5 py-5 sm:px-6">
        <Button
          variant="danger"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
        >
          Delete Account
        </Button>
      </div>
      <Dialog open={open} onClose={close} title="Delete your account?">
        <DeleteAccountForm onCancel={close} />
      </Dialog>
    </Card>
  );
}

/**
 * The dialog's explanation and password form. On 204 the session is cleared exactly as Sign Out
 * does (logout also goes to /), then a toast confirms.
 */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { logout } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useFocusOnError<HTMLDivElement>(serverError);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await deleteAccount({ password });
    } catch (error) {
      setServerError(errorText(undefined, error as Error, ACCOUNT_ERRORS.deleteAccount));
      return;
    }
    logout();
    toast.success(ACCOUNT_DELETED_TOAST);
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`space-y-4 ${DIALOG_FORM_SCROLL}`}
      aria-label="Delete account"
    >
      <p>This cannot be undone. When you delete your account:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Your personal data (username, e-mail address, country and e-mail preferences) is removed.
        </li>
        <li>You are signed out on every device, and links we e-mailed you stop working.</li>
        <li>You lose access to your subscription and to downloads.</li>
        <li>
          Your orders and payment records are kept, without your personal data, for{' '}
          {RETENTION.paymentRecordsYears} years as our Privacy Policy states.
        </li>
      </ul>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        hint="Enter your password to confirm."
        error={errors.password?.message}
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      {serverError ? (
        <div ref={errorRef} tabIndex={-1} className="outline-none">
          <Alert variant="error">{serverError}</Alert>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" loading={isSubmitting}>
          Delete my account
        </Button>
      </div>
    </form>
  );
}

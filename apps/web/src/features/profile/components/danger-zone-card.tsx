/**
 * Danger zone of /profile: Delete Account opens a confirmation dialog that explains what happens
 * and asks for the password, then calls `DELETE /user/account`.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { RETENTION, deleteAccountRequestSchema } from '@flockr/contract';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useDeleteAccount, type DeleteAccountRequest } from '../api/account';
import { DialogForm } from './dialog-form';

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
 * The dialog's explanation and password form. On 204 `useDeleteAccount()` ends the session, goes
 * to / and toasts.
 */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const deleteAccount = useDeleteAccount();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const onSubmit = handleSubmit((values) => deleteAccount.mutate(values));

  return (
    <DialogForm
      label="Delete account"
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel="Delete my account"
      danger
      pending={deleteAccount.isPending}
      error={deleteAccount.error}
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
    </DialogForm>
  );
}

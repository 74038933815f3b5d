/**
 * The Delete Account dialog of /profile's danger zone: what happens, and the password to confirm,
 * then `DELETE /user/account`. Loaded when the dialog is opened (danger-zone-card.tsx).
 */
import { RETENTION, deleteAccountRequestSchema } from '@flockr/contract';
import { Dialog } from '../../../components/ui/dialog';
import { CurrentPasswordField } from '../../../components/ui/credential-fields';
import { useDeleteAccount } from '../api/account';
import { DialogForm } from './dialog-form';
import { useOnSubmitForm } from '../../../lib/form-field';

/** The open confirmation dialog; `onClose` runs on Cancel, Escape and a click outside. */
export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Delete your account?">
      <DeleteAccountForm onCancel={onClose} />
    </Dialog>
  );
}

/**
 * The dialog's explanation and password form. On 204 `useDeleteAccount()` ends the session, goes
 * to / and toasts.
 */
function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const deleteAccount = useDeleteAccount();
  const { form, field } = useOnSubmitForm(deleteAccountRequestSchema, { password: '' });
  const { handleSubmit } = form;
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
      <CurrentPasswordField
        label="Password"
        hint="Enter your password to confirm."
        {...field('password')}
      />
    </DialogForm>
  );
}

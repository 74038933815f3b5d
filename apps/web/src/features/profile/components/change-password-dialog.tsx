/**
 * Change Password dialog of the Security card: current password, new password (with the strength
 * meter) and its confirmation, posted to `POST /auth/change-password`.
 */
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { changePasswordRequestSchema } from '@flockr/contract';
import { Dialog } from '../../../components/ui/dialog';
import { CurrentPasswordField, NewPasswordField } from '../../../components/ui/credential-fields';
import { TextField } from '../../../components/ui/field';
import { useChangePassword } from '../api/account';
import { PASSWORDS_DO_NOT_MATCH } from '../api/texts';
import { DialogForm } from './dialog-form';
import { useOnSubmitForm } from '../../../lib/form-field';

const formSchema = changePasswordRequestSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORDS_DO_NOT_MATCH,
  });

/**
 * The dialog while `open`; `onClose` runs on Cancel, Escape and success (which toasts the
 * server's message). Its form is rebuilt empty each time it opens.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Change Password">
      <ChangePasswordForm onClose={onClose} />
    </Dialog>
  );
}

/** The form inside {@link ChangePasswordDialog}. */
function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const changePassword = useChangePassword();
  const { form, field } = useOnSubmitForm(formSchema, {
    current_password: '',
    new_password: '',
    confirm_password: '',
  });
  const { handleSubmit, control } = form;
  const newPassword = useWatch({ control, name: 'new_password' }) ?? '';

  const onSubmit = handleSubmit(({ current_password, new_password }) =>
    changePassword.mutate({ current_password, new_password }, { onSuccess: onClose }),
  );

  return (
    <DialogForm
      label="Change password"
      onSubmit={onSubmit}
      onCancel={onClose}
      submitLabel="Change Password"
      pending={changePassword.isPending}
      error={changePassword.error}
    >
      <p>Other devices signed in to your account will be signed out. This one stays signed in.</p>
      <CurrentPasswordField label="Current password" {...field('current_password')} />
      <NewPasswordField label="New password" password={newPassword} {...field('new_password')} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirm_password')}
      />
    </DialogForm>
  );
}

/**
 * Change Password dialog of the Security card: current password, new password (with the strength
 * meter) and its confirmation, posted to `POST /auth/change-password`.
 */
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast } from 'sonner';
import { changePasswordRequestSchema, errorText } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
// The one shared meter of the app; it lives with the other password screens in features/auth.
import { PasswordStrength } from '../../../components/ui/password-strength';
import { changePassword } from '../api/account';
import { ACCOUNT_ERRORS, PASSWORDS_DO_NOT_MATCH } from '../api/texts';
import { DIALOG_FORM_SCROLL, useFocusOnError } from './form-focus';

const formSchema = changePasswordRequestSchema
  .extend({ confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, {
    path: ['confirm_password'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
type Values = z.input<typeof formSchema>;

/** The dialog; its form is rebuilt empty each time it opens. Success closes it with a toast. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Change Password">
      <ChangePasswordForm onDone={onClose} onCancel={onClose} />
    </Dialog>
  );
}

/** The form inside {@link ChangePasswordDialog}. */
function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const errorRef = useFocusOnError<HTMLDivElement>(serverError);
  const strengthId = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const newPassword = useWatch({ control, name: 'new_password' }) ?? '';

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setServerError(null);
    try {
      const { message } = await changePassword({ current_password, new_password });
      onDone();
      toast.success(message);
    } catch (error) {
      setServerError(errorText(undefined, error as Error, ACCOUNT_ERRORS.changePassword));
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className={`space-y-4 ${DIALOG_FORM_SCROLL}`}
      aria-label="Change password"
    >
      <p>Other devices signed in to your account will be signed out. This one stays signed in.</p>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password', { onChange: () => clearErrors('current_password') })}
      />
      <div>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          aria-describedby={strengthId}
          error={errors.new_password?.message}
          {...register('new_password', { onChange: () => clearErrors('new_password') })}
        />
        <PasswordStrength password={newPassword} id={strengthId} />
      </div>
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password', { onChange: () => clearErrors('confirm_password') })}
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
        <Button type="submit" loading={isSubmitting}>
          Change Password
        </Button>
      </div>
    </form>
  );
}

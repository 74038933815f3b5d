/** /reset-password form: a new password (with the strength meter) for the token in the link. */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { errorText, newPasswordSchema } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { resetPassword } from '../api/password-reset';
import { PASSWORD_RESET_FAILED_TEXT } from '../api/texts';
import { PasswordStrength } from './password-strength';

const formSchema = z.object({ password: newPasswordSchema });
type Values = z.input<typeof formSchema>;

/** Posts `POST /auth/reset-password` {token, password}; shows the server's error or success. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const strengthId = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async ({ password: newPassword }) => {
    setServerError(null);
    try {
      await resetPassword({ token, password: newPassword });
      setDone(true);
    } catch (error) {
      setServerError(errorText(undefined, error as Error, PASSWORD_RESET_FAILED_TEXT));
    }
  });

  if (done) {
    return (
      <div className="space-y-6">
        <Alert variant="success">Your password has been reset. You can now sign in with it.</Alert>
        <Link to="/login" className={buttonClasses({ full: true, size: 'lg' })}>
          Continue to Login
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Choose a new password">
      <div>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          aria-describedby={strengthId}
          error={errors.password?.message}
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <PasswordStrength password={password} id={strengthId} />
      </div>
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      <Button type="submit" full size="lg" loading={isSubmitting}>
        Reset Password
      </Button>
    </form>
  );
}

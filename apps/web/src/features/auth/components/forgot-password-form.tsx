/** /forgot-password form: asks for a reset link and always shows the same notice. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordRequestSchema } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { requestPasswordReset } from '../api/password-reset';

type Values = z.input<typeof forgotPasswordRequestSchema>;
type Output = z.output<typeof forgotPasswordRequestSchema>;

/**
 * Email form posting `POST /auth/forgot-password`. Whatever the answer, it shows "If an account
 * exists for that email, we've sent a link to reset its password." (the server's own answer,
 * FORGOT_PASSWORD_MESSAGE) so nobody can probe which e-mails exist.
 */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Output>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    await requestPasswordReset(values).catch(() => undefined);
    setSent(true);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Reset password">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', {
          onChange: () => {
            clearErrors('email');
            setSent(false);
          },
        })}
      />
      {sent ? <Alert variant="success">{FORGOT_PASSWORD_MESSAGE}</Alert> : null}
      <Button type="submit" full size="lg" loading={isSubmitting}>
        Send Reset Link
      </Button>
    </form>
  );
}

/** /forgot-password form: asks for a reset link and shows the same notice for every address. */
import { FORGOT_PASSWORD_MESSAGE } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { EmailField } from '../../../components/ui/credential-fields';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthForm, FormSubmit, useAuthForm } from './auth-form';

/**
 * Email form posting `POST /auth/forgot-password`. Once sent it shows "If an account exists for
 * that email, we've sent a link to reset its password." (FORGOT_PASSWORD_MESSAGE, the server's
 * one answer for every address, so nobody can probe which e-mails exist). A failure that says
 * nothing about the address (too many requests, no answer) shows its text instead. Editing the
 * address hides either.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const { field, handleSubmit, formState } = useAuthForm((s) => s.forgotPasswordRequestSchema, {
    email: '',
  });
  const onSubmit = handleSubmit((values) => request.mutate(values));

  return (
    <AuthForm onSubmit={onSubmit} label="Reset password">
      <EmailField error={formState.errors.email?.message} {...field('email', request.reset)} />
      {request.isSuccess ? <Alert variant="success">{FORGOT_PASSWORD_MESSAGE}</Alert> : null}
      <FormSubmit error={request.error?.message} pending={request.isPending}>
        Send Reset Link
      </FormSubmit>
    </AuthForm>
  );
}

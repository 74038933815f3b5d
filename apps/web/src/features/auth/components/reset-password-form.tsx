/**
 * /reset-password form: a new password (with the strength meter) for the token in the link. A
 * dead link (RESET_LINK_INVALID, _EXPIRED, _USED) shows the server's text with a way to ask for a
 * new one.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { NewPasswordField } from '../../../components/ui/credential-fields';
import { isDeadResetLink, useResetPassword } from '../api/password-reset';
import { PASSWORD_RESET_DONE_TEXT } from '../api/texts';
import { AuthForm, useAuthForm } from './auth-form';

/**
 * Posts `POST /auth/reset-password` {token, password} with `useResetPassword()` (which also ends
 * a session stored in this browser) and shows the server's error, or its message with Sign in.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const resetPassword = useResetPassword();
  const { error, data } = resetPassword;
  const { field, handleSubmit, control, formState } = useAuthForm(
    (s) => s.resetPasswordFormSchema,
    {
      password: '',
    },
  );
  const password = useWatch({ control, name: 'password' }) ?? '';
  const onSubmit = handleSubmit((values) => resetPassword.mutate({ token, ...values }));

  // The submit button disables itself while sending, which drops focus to <body>: move it to
  // the answer instead so keyboard and screen-reader users land on it.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error || data) answerRef.current?.focus();
  }, [error, data]);

  if (data) {
    return (
      <div className="space-y-6">
        <div ref={answerRef} tabIndex={-1} className="outline-none">
          <Alert variant="success">{data.message || PASSWORD_RESET_DONE_TEXT}</Alert>
        </div>
        <Link to="/login" className={buttonClasses({ full: true, size: 'lg' })}>
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <AuthForm onSubmit={onSubmit} label="Choose a new password">
      <NewPasswordField
        label="New password"
        password={password}
        error={formState.errors.password?.message}
        {...field('password')}
      />
      {error ? (
        <div ref={answerRef} tabIndex={-1} className="outline-none">
          <Alert variant="error">
            <p>{error.message}</p>
            {isDeadResetLink(error) ? (
              <Link
                to="/forgot-password"
                className="mt-1 inline-block font-semibold underline underline-offset-2 hover:text-red-900"
              >
                Request a new reset link
              </Link>
            ) : null}
          </Alert>
        </div>
      ) : null}
      <Button type="submit" full size="lg" loading={resetPassword.isPending}>
        Reset Password
      </Button>
    </AuthForm>
  );
}

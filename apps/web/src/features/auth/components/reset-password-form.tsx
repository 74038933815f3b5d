/**
 * /reset-password form: a new password (with the strength meter) for the token in the link. A
 * dead link (not valid, expired, used) shows the server's text with a way to ask for a new one.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { API_ERRORS, errorText, newPasswordSchema } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { resetPassword } from '../api/password-reset';
import { useAuth } from '../../../lib/auth';
import { PASSWORD_RESET_DONE_TEXT, PASSWORD_RESET_FAILED_TEXT } from '../api/texts';
import { PasswordStrength } from '../../../components/ui/password-strength';

const formSchema = z.object({ password: newPasswordSchema });
type Values = z.input<typeof formSchema>;

/** Server texts meaning the link itself is unusable: only a new link helps. */
const DEAD_LINK_ERRORS: readonly string[] = [
  API_ERRORS.resetLinkInvalid,
  API_ERRORS.resetLinkExpired,
  API_ERRORS.resetLinkUsed,
];

/**
 * Posts `POST /auth/reset-password` {token, password}; shows the server's error or message. The
 * reset ends every session of the user, so a signed-in visitor's stored session is cleared too.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { user, clearSession } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  // The submit button disables itself while sending, which drops focus to <body>: move it to
  // the answer instead so keyboard and screen-reader users land on it.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (serverError || doneMessage) answerRef.current?.focus();
  }, [serverError, doneMessage]);
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
      const answer = await resetPassword({ token, password: newPassword });
      setDoneMessage(answer?.message || PASSWORD_RESET_DONE_TEXT);
      if (user) clearSession();
    } catch (error) {
      setServerError(errorText(undefined, error as Error, PASSWORD_RESET_FAILED_TEXT));
    }
  });

  if (doneMessage) {
    return (
      <div className="space-y-6">
        <div ref={answerRef} tabIndex={-1} className="outline-none">
          <Alert variant="success">{doneMessage}</Alert>
        </div>
        <Link to="/login" className={buttonClasses({ full: true, size: 'lg' })}>
          Log in
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
      {serverError ? (
        <div ref={answerRef} tabIndex={-1} className="outline-none">
          <Alert variant="error">
            <p>{serverError}</p>
            {DEAD_LINK_ERRORS.includes(serverError) ? (
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
      <Button type="submit" full size="lg" loading={isSubmitting}>
        Reset Password
      </Button>
    </form>
  );
}

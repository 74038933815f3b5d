/**
 * Sign-in form (spec sections 2 and 5): email, password, remember me; field messages from
 * `loginFormSchema`; the server's error in a red box directly above the submit button.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CLIENT_ERRORS,
  errorText,
  loginFormSchema,
  type LoginForm as LoginValues,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';

type LoginOutput = z.output<typeof loginFormSchema>;

/** The login form. On success the auth state changes; the route then redirects. */
export function LoginForm() {
  const { login } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues, unknown, LoginOutput>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember_me: false },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login(values);
    } catch (error) {
      setServerError(errorText(undefined, error as Error, CLIENT_ERRORS.loginFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', { onChange: () => clearErrors('email') })}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        labelAside={
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-brand-700 hover:text-brand-800"
          >
            Forgot password?
          </Link>
        }
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      <CheckboxField label="Remember me" {...register('remember_me')} />
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      <Button type="submit" full size="lg" loading={isSubmitting}>
        Sign In
      </Button>
    </form>
  );
}

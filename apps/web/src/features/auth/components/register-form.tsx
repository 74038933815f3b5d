/**
 * Registration form (spec sections 2 and 5): username, email, password with live strength meter,
 * optional country, marketing-emails checkbox (default on, sent as `notifications_enabled`) and
 * the terms checkbox. Validated by `registerFormSchema`; a field's error clears when it is edited.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  CLIENT_ERRORS,
  COUNTRIES,
  errorText,
  registerFormSchema,
  type RegisterForm as RegisterValues,
  type RegisterRequest,
  type User,
} from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { PasswordStrength } from '../../../components/ui/password-strength';

type RegisterOutput = z.output<typeof registerFormSchema>;

/** Turns the form's values into the register payload: no terms, no empty country. */
export function toRegisterRequest(values: RegisterOutput): RegisterRequest {
  const { terms: _terms, country, ...rest } = values;
  return country ? { ...rest, country } : rest;
}

/**
 * The register form. `onSubmitting` runs before the call (so the page can tell a fresh sign-up
 * from a visitor who was already signed in); `onRegistered` runs with the new user.
 */
export function RegisterForm({
  onSubmitting,
  onRegistered,
}: {
  onSubmitting?: () => void;
  onRegistered: (user: User) => void;
}) {
  const { register: registerAccount } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const strengthId = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues, unknown, RegisterOutput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      country: '',
      notifications_enabled: true,
      terms: false,
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    onSubmitting?.();
    try {
      const user = await registerAccount(toRegisterRequest(values));
      onRegistered(user);
    } catch (error) {
      setServerError(errorText(undefined, error as Error, CLIENT_ERRORS.registrationFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Create account">
      <TextField
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...register('username', { onChange: () => clearErrors('username') })}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email', { onChange: () => clearErrors('email') })}
      />
      <div>
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          aria-describedby={strengthId}
          error={errors.password?.message}
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <PasswordStrength password={password} id={strengthId} />
      </div>
      <SelectField
        label="Country"
        error={errors.country?.message}
        {...register('country', { onChange: () => clearErrors('country') })}
      >
        <option value="">Select a country (optional)</option>
        {COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <div className="space-y-3">
        <CheckboxField
          label="Keep me posted about product news and offers"
          {...register('notifications_enabled')}
        />
        <CheckboxField
          label={
            <>
              I agree to the{' '}
              <Link
                to="/terms"
                target="_blank"
                rel="noopener"
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Terms of Service
              </Link>
            </>
          }
          error={errors.terms?.message}
          {...register('terms', { onChange: () => clearErrors('terms') })}
        />
      </div>
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      <Button type="submit" full size="lg" loading={isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}

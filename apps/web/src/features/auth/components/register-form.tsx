/**
 * Registration form (requirements §2 and §5): username, email, password with live strength meter,
 * optional country, marketing-emails checkbox (default on, sent as `notifications_enabled`) and
 * the terms checkbox. Validated by `registerFormSchema`; a field's error clears when it is edited.
 * /register loads it next to its first chunk (react-hook-form is not part of that chunk).
 */
import { Link } from 'react-router';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  COUNTRIES,
  type RegisterRequest,
  type User,
  type registerFormSchema,
} from '@flockr/contract';
import { EmailField, NewPasswordField } from '../../../components/ui/credential-fields';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { useRegister } from '../../../lib/session';
import { AuthForm, FormSubmit, useAuthForm } from './auth-form';

type RegisterOutput = z.output<typeof registerFormSchema>;

/** Turns the form's values into the register payload: no terms, no empty country. */
export function toRegisterRequest(values: RegisterOutput): RegisterRequest {
  const { terms: _terms, country, ...rest } = values;
  return country ? { ...rest, country } : rest;
}

/**
 * The register form, signing up with `useRegister()` (its error text, else 'Registration
 * failed'). `onSubmitting` runs before the call (so the page can tell a fresh sign-up from a
 * visitor who was already signed in); `onRegistered` runs with the new user.
 */
export function RegisterForm({
  onSubmitting,
  onRegistered,
}: {
  onSubmitting?: () => void;
  onRegistered: (user: User) => void;
}) {
  const signUp = useRegister();
  const { field, register, handleSubmit, control, formState } = useAuthForm(
    (s) => s.registerFormSchema,
    {
      username: '',
      email: '',
      password: '',
      country: '',
      notifications_enabled: true,
      terms: false,
    },
  );
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onSubmit = handleSubmit((values) => {
    onSubmitting?.();
    signUp.mutate(toRegisterRequest(values), { onSuccess: onRegistered });
  });

  return (
    <AuthForm onSubmit={onSubmit} label="Create account">
      <TextField
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...field('username')}
      />
      <EmailField error={errors.email?.message} {...field('email')} />
      <NewPasswordField
        label="Password"
        password={password}
        error={errors.password?.message}
        {...field('password')}
      />
      <SelectField label="Country" error={errors.country?.message} {...field('country')}>
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
          {...field('terms')}
        />
      </div>
      <FormSubmit error={signUp.error?.message} pending={signUp.isPending}>
        Create Account
      </FormSubmit>
    </AuthForm>
  );
}

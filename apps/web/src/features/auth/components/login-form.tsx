/**
 * Sign-in form (requirements §2 and §5): email, password, remember me; field messages from
 * `loginFormSchema`; the server's error in a red box directly above the submit button. /login
 * loads it next to its first chunk (react-hook-form is not part of that chunk).
 */
import { Link } from 'react-router';
import { CurrentPasswordField, EmailField } from '../../../components/ui/credential-fields';
import { CheckboxField } from '../../../components/ui/field';
import { useLogin } from '../../../lib/session';
import { AuthForm, FormSubmit, useAuthForm } from './auth-form';

/**
 * The login form, signing in with `useLogin()` (its error text, else 'Login failed'). On success
 * the session changes; the route then redirects.
 */
export function LoginForm() {
  const login = useLogin();
  const { field, register, handleSubmit, formState } = useAuthForm((s) => s.loginFormSchema, {
    email: '',
    password: '',
    remember_me: false,
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((values) => login.mutate(values));

  return (
    <AuthForm onSubmit={onSubmit} label="Sign in">
      <EmailField error={errors.email?.message} {...field('email')} />
      <CurrentPasswordField
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-brand-700 hover:text-brand-800"
          >
            Forgot password?
          </Link>
        }
        {...field('password')}
      />
      <CheckboxField label="Remember me" {...register('remember_me')} />
      <FormSubmit error={login.error?.message} pending={login.isPending}>
        Sign In
      </FormSubmit>
    </AuthForm>
  );
}

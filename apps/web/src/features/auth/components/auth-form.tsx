/**
 * What the sign-in, registration and password forms share (spec section 5): a form validated by
 * its contract schema on submit, whose field errors clear as soon as the field is edited; the
 * e-mail input; the new password input with its live strength meter; and the server's error in the red box directly
 * above the full-width submit button (spec section 2).
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { PasswordStrength } from '../../../components/ui/password-strength';

/**
 * `useForm` validated by `schema` on submit only, starting from `defaultValues`. Returns the
 * form plus `field(name, onChange?)`, which registers a field whose error clears when it is
 * edited (and runs `onChange` then).
 */
export function useAuthForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, clearErrors } = form;
  const field = (name: Path<In>, onChange?: () => void) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        onChange?.();
      },
    });
  return { ...form, field };
}

/**
 * An e-mail address input (type, autocomplete and keyboard for e-mail), labelled "Email" unless
 * `label` says otherwise. Takes the props of {@link TextField} (error, the field's registration).
 */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<ComponentProps<typeof TextField>, 'label'> & { label?: string }) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} />;
}

/**
 * A password input for a new password (autocomplete `new-password`) with the strength meter of
 * `password` (its current value) below it, which the input references as its description. Takes
 * the props of {@link TextField} (label, error, the field's registration).
 */
export function NewPasswordField({
  password,
  ...props
}: ComponentProps<typeof TextField> & { password: string }) {
  const strengthId = useId();
  return (
    <div>
      <TextField
        type="password"
        autoComplete="new-password"
        aria-describedby={strengthId}
        {...props}
      />
      <PasswordStrength password={password} id={strengthId} />
    </div>
  );
}

/**
 * The server's `error` (when any) in the red box, directly above the full-width submit button
 * labelled `children`, which shows a spinner while `pending`.
 */
export function FormSubmit({
  error,
  pending,
  children,
}: {
  error: string | undefined;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button type="submit" full size="lg" loading={pending}>
        {children}
      </Button>
    </>
  );
}

/**
 * The account's credential inputs, the same wherever an address or a password is asked for (the
 * sign-in, registration and password forms, the profile's dialogs): the type, the autocomplete
 * hint password managers fill by, the keyboard, and for a new password its live strength meter
 * (requirements §5).
 */
import { useId, type ComponentProps } from 'react';
import { TextField } from './field';
import { PasswordStrength } from './password-strength';

/** Props of a {@link TextField} (label, hint, error, the field's registration). */
type TextFieldProps = ComponentProps<typeof TextField>;

/**
 * An e-mail address input (type, autocomplete and keyboard for e-mail), labelled "Email" unless
 * `label` says otherwise. Takes the props of {@link TextField}.
 */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return <TextField label={label} type="email" autoComplete="email" inputMode="email" {...props} />;
}

/**
 * A password input for the password the account has now (autocomplete `current-password`), to
 * sign in or to confirm a change. Takes the props of {@link TextField}.
 */
export function CurrentPasswordField(props: TextFieldProps) {
  return <TextField type="password" autoComplete="current-password" {...props} />;
}

/**
 * A password input for a new password (autocomplete `new-password`) with the strength meter of
 * `password` (its current value) below it, which the input references as its description. Takes
 * the props of {@link TextField}.
 */
export function NewPasswordField({ password, ...props }: TextFieldProps & { password: string }) {
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

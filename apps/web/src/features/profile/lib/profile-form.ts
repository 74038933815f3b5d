/**
 * The forms of /profile (Profile Settings, Change Password, Update Email, Delete Account;
 * requirements §2 "/profile"): validated by the contract's schema (requirements §5) on submit
 * only, and a field's error leaves as soon as the field is edited.
 */
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { fieldProps } from '../../../lib/form-field';

/**
 * A profile form validated by `schema`, starting from `defaultValues`. Returns the form and
 * `field(name)`: the props of field `name`'s control (its registration and error text,
 * lib/form-field.ts), editing it clearing its error.
 */
export function useProfileForm<V extends FieldValues, O>(
  schema: z.ZodType<O, V>,
  defaultValues: DefaultValues<V>,
) {
  const form = useForm<V, unknown, O>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const props = fieldProps(form);
  const field = (name: FieldPath<V>) => props(name, { onChange: () => form.clearErrors(name) });
  return { form, field };
}

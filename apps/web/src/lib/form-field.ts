/**
 * What ties a labelled control (components/ui/field.tsx) to a react-hook-form field: its
 * registration and its error text, the contract's message when the schema refused the value
 * (requirements §5) or the one the form set itself; and the forms checked only when submitted
 * (the profile's settings and dialogs, requirements §2 "/profile").
 */
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * `field(name, options?)` for `form`: the props of the control of field `name` — `error` (its
 * message, or undefined) and what `register(name, options)` returns (name, ref, onChange,
 * onBlur). Reading the error subscribes the form's render to it, as `formState.errors` does.
 */
export function fieldProps<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'register' | 'getFieldState' | 'formState'>,
) {
  return <N extends FieldPath<V>>(name: N, options?: RegisterOptions<V, N>) => ({
    error: form.getFieldState(name, form.formState).error?.message,
    ...form.register(name, options),
  });
}

/**
 * A form validated by `schema` only when submitted, starting from `defaultValues`; a field's
 * error leaves as soon as the field is edited. Returns the form and `field(name)`, the props of
 * field `name`'s control ({@link fieldProps}) with that clearing.
 */
export function useOnSubmitForm<V extends FieldValues, O>(
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

/**
 * What ties a labelled control (components/ui/field.tsx) to a react-hook-form field: its
 * registration and its error text, the contract's message when the schema refused the value
 * (requirements §5) or the one the form set itself.
 */
import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

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

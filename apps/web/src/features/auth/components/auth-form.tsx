/**
 * What the sign-in, registration and password forms share (requirements §5): a form validated by
 * its contract schema on submit, whose field errors clear as soon as the field is edited, and the
 * server's error in the red box directly above the full-width submit button (requirements §2).
 * Their e-mail and password inputs are components/ui/credential-fields.tsx.
 *
 * The schemas and zod are not part of the page's first chunk: they load when the visitor first
 * edits a field, and at the latest on the first validation (lib/form-schemas.ts).
 */
import { useState, type FormEventHandler, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import type * as FormSchemaModule from '../lib/form-schemas';

/** The auth forms' schemas module (lib/form-schemas.ts), loaded on demand. */
type FormSchemas = typeof FormSchemaModule;

/**
 * A resolver validating with the schema `pick` chooses from lib/form-schemas.ts. The schemas, zod
 * and `@hookform/resolvers` load on the first validation or `preload()`, whichever comes first.
 * Should they fail to load (the network went away), the values go to the server unchecked: it
 * applies the same rules and its error shows above the submit button.
 */
function lazyZodResolver<In extends FieldValues, Out extends FieldValues>(
  pick: (schemas: FormSchemas) => z.ZodType<Out, In>,
): { resolver: Resolver<In, unknown, Out>; preload: () => void } {
  let loading: Promise<Resolver<In, unknown, Out>> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), import('../lib/form-schemas')])
      .then(
        ([{ zodResolver }, schemas]) => zodResolver(pick(schemas)) as Resolver<In, unknown, Out>,
      )
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<In, unknown, Out>;
      try {
        resolve = await load();
      } catch {
        return { values: values as unknown as Out, errors: {} };
      }
      return resolve(values, context, options);
    },
    preload: () => void load().catch(() => {}),
  };
}

/**
 * `useForm` validated on submit only by the schema `pick` chooses from lib/form-schemas.ts (e.g.
 * `(s) => s.loginFormSchema`), starting from `defaultValues`. Returns the form plus
 * `field(name, onChange?)`, which registers a field whose error clears when it is edited (and
 * runs `onChange` then). The first edit starts loading the schema, so it is there by the submit.
 */
export function useAuthForm<In extends FieldValues, Out extends FieldValues>(
  pick: (schemas: FormSchemas) => z.ZodType<Out, In>,
  defaultValues: DefaultValues<In>,
) {
  const [{ resolver, preload }] = useState(() => lazyZodResolver(pick));
  const form = useForm<In, unknown, Out>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { register, clearErrors } = form;
  const field = (name: Path<In>, onChange?: () => void) =>
    register(name, {
      onChange: () => {
        preload();
        clearErrors(name);
        onChange?.();
      },
    });
  return { ...form, field };
}

/**
 * An auth form named `label` for assistive technology, validated by `onSubmit` (the browser's own
 * validation is off). A public page's form arrives in the server's HTML: its fields stay disabled
 * until React has hydrated it, so an early tap cannot submit it natively (which would put the
 * password in the URL) and nothing typed is dropped by hydration.
 */
export function AuthForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <fieldset disabled={!hydrated} className="space-y-5">
        {children}
      </fieldset>
    </form>
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

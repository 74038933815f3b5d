/**
 * The form wrapper of the admin panel: react-hook-form validated by the contract's schema
 * ({@link useAdminForm}), and {@link AdminForm}, which submits valid values, shows the server's
 * error (requirements §8: the answer's text, else the operation's default) and the pending state
 * on its submit button. Every admin form (plan, version, changelog entry, order status) is one.
 */
import { useEffect, useId, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';

/**
 * A form validated by `schema` (the contract's rules and messages, requirements §5), starting from
 * `defaultValues`, with `focus` focused once it shows (which also scrolls it into view).
 */
export function useAdminForm<V extends FieldValues, O>(
  schema: z.ZodType<O, V>,
  defaultValues: DefaultValues<V>,
  focus?: Path<V>,
): UseFormReturn<V, unknown, O> {
  const form = useForm<V, unknown, O>({ resolver: zodResolver(schema), defaultValues });
  const { setFocus } = form;
  useEffect(() => {
    if (focus) setFocus(focus);
  }, [focus, setFocus]);
  return form;
}

/**
 * Where the form shows: a card headed by `title` ('card'); the body and buttons only, inside a
 * card that has its own heading, named `title` for screen readers ('section'); a modal dialog
 * titled `title` with the buttons at its foot ('dialog').
 */
export type FormFrame = 'card' | 'section' | 'dialog';

/** What the form needs of the mutation it submits (an admin hook's result). */
export interface FormMutation<M> {
  mutate: (variables: M, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  /** Shown under the fields: the server's text, else the operation's default. */
  error: Error | null;
}

/** Props of {@link AdminForm}. */
export interface AdminFormProps<V extends FieldValues, O, M> {
  form: UseFormReturn<V, unknown, O>;
  /** The mutation the valid values go to. */
  mutation: FormMutation<M>;
  /** The mutation's variables from the valid values; the values themselves when absent. */
  variables?: (values: O) => M;
  /** Runs on Cancel (and Escape in a dialog) and after a successful save: closes the form. */
  onClose: () => void;
  /** Names the form (and heads the card or the dialog). */
  title: string;
  submitLabel: string;
  /** True holds the submit button back (e.g. while a preview says the change is refused). */
  submitDisabled?: boolean;
  frame?: FormFrame;
  /** Columns of the fields' grid from `sm` up (card and section frames). */
  columns?: 2 | 3;
  /** The fields; give a field `sm:col-span-2` (or 3) to span the grid. */
  children: ReactNode;
}

const gridColumns = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;
const footerClass = 'flex flex-wrap justify-end gap-3 border-t border-slate-100 px-5 py-4 sm:px-6';

/**
 * An admin form: validates with its schema, then runs the mutation (the admin hook toasts and
 * refreshes) and closes on success; on failure shows the mutation's error under the fields and
 * stays open. Cancel and the submit button sit at its foot (busy, and Cancel disabled, while the
 * mutation runs).
 */
export function AdminForm<V extends FieldValues, O, M = O>({
  form,
  mutation,
  variables,
  onClose,
  title,
  submitLabel,
  submitDisabled = false,
  frame = 'card',
  columns = 2,
  children,
}: AdminFormProps<V, O, M>) {
  const formId = useId();
  const headingId = useId();
  const pending = mutation.isPending;
  const buttons = (
    <>
      <Button variant="outline" onClick={onClose} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={pending} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </>
  );
  const fields = (
    <div
      className={
        frame === 'dialog' ? 'space-y-4' : `grid gap-5 px-5 py-5 sm:px-6 ${gridColumns[columns]}`
      }
    >
      {children}
      {mutation.error ? (
        <Alert variant="error" className="col-span-full">
          {mutation.error.message}
        </Alert>
      ) : null}
    </div>
  );
  const formElement = (
    <form
      id={formId}
      onSubmit={form.handleSubmit((values) =>
        mutation.mutate(variables ? variables(values) : (values as unknown as M), {
          onSuccess: onClose,
        }),
      )}
      noValidate
      aria-label={frame === 'card' ? undefined : title}
      aria-labelledby={frame === 'card' ? headingId : undefined}
    >
      {frame === 'card' ? (
        <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
        </div>
      ) : null}
      {fields}
      {frame === 'dialog' ? null : <div className={footerClass}>{buttons}</div>}
    </form>
  );
  if (frame === 'dialog') {
    return (
      <Dialog open onClose={onClose} title={title} footer={buttons}>
        {formElement}
      </Dialog>
    );
  }
  return frame === 'card' ? <Card className="min-w-0">{formElement}</Card> : formElement;
}

/**
 * Labelled form controls with their hint and error text (every control has a visible label; the
 * hint and error are announced through aria-describedby, and an error marks the control invalid).
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

const controlBase =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 transition-colors focus:outline-none focus-visible:outline-none ' +
  'focus:ring-2 focus:ring-brand-500/30 focus:border-brand-500 ' +
  'read-only:bg-slate-50 read-only:text-slate-600 disabled:bg-slate-50 disabled:text-slate-500';

/** Error line under a control; its id is referenced by aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {children}
    </p>
  );
}

/** Props shared by the labelled controls. */
interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

/**
 * The ids and ARIA attributes of one control: its id (given or generated), the ids of its hint
 * and error, and the props that tie them to the control (`extraDescribedBy` adds more ids).
 */
function useFieldIds(
  id: string | undefined,
  { hint, error }: Omit<FieldProps, 'label'>,
  extraDescribedBy?: string,
) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, extraDescribedBy ?? null]
    .filter(Boolean)
    .join(' ');
  return {
    hintId,
    errorId,
    control: {
      id: controlId,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** The hint (small print) and the error under a control. */
function FieldFooter({
  hint,
  error,
  hintId,
  errorId,
}: Omit<FieldProps, 'label'> & { hintId: string; errorId: string }) {
  return (
    <>
      {hint ? (
        <div id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </>
  );
}

/** The label above a control, with optional content at its right (e.g. "Forgot password?"). */
function FieldLabel({
  htmlFor,
  children,
  aside,
}: {
  htmlFor: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="mb-1.5 flex items-center justify-between gap-2">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-800">
        {children}
      </label>
      {aside}
    </div>
  );
}

/** A labelled `<input>` with hint and error text; `labelAside` sits on the label's line. */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  id,
  className,
  'aria-describedby': extraDescribedBy,
  ...props
}: FieldProps & { labelAside?: ReactNode } & ComponentProps<'input'>) {
  const { hintId, errorId, control } = useFieldIds(id, { hint, error }, extraDescribedBy);
  return (
    <div className={className}>
      <FieldLabel htmlFor={control.id} aside={labelAside}>
        {label}
      </FieldLabel>
      <input
        {...control}
        className={cn(controlBase, error ? 'border-red-400' : 'border-slate-300')}
        {...props}
      />
      <FieldFooter hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

/**
 * A labelled input for a whole number: type number in steps of 1, with the numeric keypad on
 * phones. Takes the props of {@link TextField} (`min`, `max`, and the field's registration, which
 * reads the value as a number).
 */
export function WholeNumberField(props: ComponentProps<typeof TextField>) {
  return <TextField type="number" step="1" inputMode="numeric" {...props} />;
}

/** A labelled `<select>` (the platform's own, the most accessible on phones) with error text. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...props
}: FieldProps & ComponentProps<'select'>) {
  const { hintId, errorId, control } = useFieldIds(id, { hint, error });
  return (
    <div className={className}>
      <FieldLabel htmlFor={control.id}>{label}</FieldLabel>
      <div className="relative">
        <select
          {...control}
          className={cn(
            controlBase,
            error ? 'border-red-400' : 'border-slate-300',
            'appearance-none pr-9',
          )}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
      <FieldFooter hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

/** A labelled multi-line text control; `textareaClassName` styles the textarea itself. */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  textareaClassName,
  ...props
}: FieldProps & { textareaClassName?: string } & ComponentProps<'textarea'>) {
  const { hintId, errorId, control } = useFieldIds(id, { hint, error });
  return (
    <div className={className}>
      <FieldLabel htmlFor={control.id}>{label}</FieldLabel>
      <textarea
        {...control}
        className={cn(
          controlBase,
          'min-h-24',
          error ? 'border-red-400' : 'border-slate-300',
          textareaClassName,
        )}
        {...props}
      />
      <FieldFooter hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}

/** A checkbox with its label to the right and error text below. */
export function CheckboxField({
  label,
  error,
  hint,
  id,
  className,
  ...props
}: FieldProps & Omit<ComponentProps<'input'>, 'type'>) {
  const { hintId, errorId, control } = useFieldIds(id, { hint, error });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...control}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          {...props}
        />
        <div className="text-sm">
          <label htmlFor={control.id} className="text-slate-800">
            {label}
          </label>
          {hint ? (
            <p id={hintId} className="mt-0.5 text-xs text-slate-600">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

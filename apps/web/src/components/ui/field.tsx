/** Labelled form controls with their error text (every control has a visible label). */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

const controlBase =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 transition-colors focus:outline-none focus-visible:outline-none ' +
  'focus:ring-2 focus:ring-brand-500/30 focus:border-brand-500 ' +
  'read-only:bg-slate-50 read-only:text-slate-600 disabled:bg-slate-50 disabled:text-slate-500';

/** Border colour for a control with or without an error. */
function borderFor(error?: string): string {
  return error ? 'border-red-400' : 'border-slate-300';
}

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
  /** Extra content shown on the label's line, at the right (e.g. "Forgot password?"). */
  labelAside?: ReactNode;
}

/** Describes the control by its hint and error ids (when present) and any ids given. */
function describedBy(
  hintId: string,
  errorId: string,
  hint: unknown,
  error: unknown,
  extra?: string,
) {
  const ids = [hint ? hintId : null, error ? errorId : null, extra ?? null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled `<input>` with hint and error text. */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  id,
  className,
  'aria-describedby': extraDescribedBy,
  ...props
}: FieldProps & ComponentProps<'input'>) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, hint, error, extraDescribedBy)}
        className={cn(controlBase, borderFor(error))}
        {...props}
      />
      {hint ? (
        <div id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** A labelled `<select>` with error text. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  ...props
}: FieldProps & ComponentProps<'select'>) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId, hint, error)}
          className={cn(controlBase, borderFor(error), 'appearance-none pr-9')}
          {...props}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        />
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId, hint, error)}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          {...props}
        />
        <div className="text-sm">
          <label htmlFor={inputId} className="text-slate-800">
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

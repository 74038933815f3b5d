/** A labelled `<textarea>` with hint and error text, styled like the controls of `field.tsx`. */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';
import { FieldError } from './field';

/** A labelled multi-line text control; `error` is announced through aria-describedby. */
export function TextareaField({
  label,
  error,
  hint,
  id,
  className,
  textareaClassName,
  ...props
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Extra classes of the textarea itself (e.g. a taller minimum height). */
  textareaClassName?: string;
} & ComponentProps<'textarea'>) {
  const autoId = useId();
  const textareaId = id ?? autoId;
  const hintId = `${textareaId}-hint`;
  const errorId = `${textareaId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={textareaId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={textareaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'block min-h-24 w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
          'transition-colors placeholder:text-slate-400 focus:border-brand-500 focus:ring-2',
          'focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-50 disabled:text-slate-500',
          error ? 'border-red-400' : 'border-slate-300',
          textareaClassName,
        )}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

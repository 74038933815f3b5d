/**
 * A secret the user copies into their program (the feed token, the license key): labelled,
 * masked unless shown — its first `keepStart` and last `keepEnd` characters around four dots,
 * with "Hidden, ends in …" for screen readers —, with Show/Hide, Copy (the whole value) and,
 * when `onRotate` is given, Rotate. Long values wrap inside their box, at their hyphens first, so
 * a phone never scrolls sideways.
 */
import { useId, type ReactNode } from 'react';
import { Eye, EyeOff, RefreshCw } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';
import { CopyButton } from './copy-button';

/** The masked form of `value` as text: its kept start, four dots, its kept end. */
export function maskSecret(value: string, keepStart = 0, keepEnd = 4): string {
  return `${value.slice(0, keepStart)}••••${value.slice(-keepEnd)}`;
}

/**
 * The secret `value` named `label` (visible) and `what` (the buttons' accessible names: "Copy
 * license key"); `shown` and `onToggle` hold Show/Hide (the caller may show it, e.g. after a
 * rotation); `hint` is the small print under it.
 */
export function MaskedSecret({
  label,
  what,
  value,
  shown,
  onToggle,
  onRotate,
  keepStart = 0,
  keepEnd = 4,
  hint,
  className,
}: {
  label: string;
  what: string;
  value: string;
  shown: boolean;
  onToggle: () => void;
  /** Opens the rotation's confirmation; no Rotate button without it. */
  onRotate?: () => void;
  keepStart?: number;
  keepEnd?: number;
  hint?: ReactNode;
  className?: string;
}) {
  const labelId = useId();
  return (
    <div className={cn('grid min-w-0 gap-2', className)}>
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <code
          aria-labelledby={labelId}
          className="max-w-full min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm [overflow-wrap:anywhere] text-slate-900"
        >
          {shown ? (
            value
          ) : (
            <>
              {value.slice(0, keepStart)}
              <span aria-hidden="true">••••</span>
              <span className="sr-only">Hidden, ends in </span>
              {value.slice(-keepEnd)}
            </>
          )}
        </code>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-pressed={shown}
            icon={
              shown ? (
                <EyeOff aria-hidden="true" className="size-4" />
              ) : (
                <Eye aria-hidden="true" className="size-4" />
              )
            }
            onClick={onToggle}
          >
            {shown ? 'Hide' : 'Show'} <span className="sr-only">{what}</span>
          </Button>
          <CopyButton value={value} what={what} />
          {onRotate ? (
            <Button
              variant="outline"
              size="sm"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              onClick={onRotate}
            >
              Rotate <span className="sr-only">{what}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}

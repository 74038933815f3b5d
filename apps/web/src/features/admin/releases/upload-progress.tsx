/**
 * The progress of one file's upload, as both uploads of the Downloads tab show it (the version's
 * one file, and each of a release's files): a bar named "Uploading {name}" and the percentage.
 */
import { cn } from '../../../components/ui/cn';

/** The bar and "Uploading… N%" for the file `name`, `sent` of it sent (0..1). */
export function UploadProgress({
  name,
  sent,
  className,
}: {
  name: string;
  sent: number;
  className?: string;
}) {
  const percent = Math.round(sent * 100);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={`Uploading ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="shrink-0 text-xs text-slate-600 tabular-nums">Uploading… {percent}%</span>
    </div>
  );
}

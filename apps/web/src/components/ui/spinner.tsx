/** Loading indicators. */
import { Loader2 } from 'lucide-react';
import { cn } from './cn';

/** An announced loading indicator with a visually hidden label. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center py-12', className)}>
      <Loader2 aria-hidden="true" className="size-6 animate-spin text-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

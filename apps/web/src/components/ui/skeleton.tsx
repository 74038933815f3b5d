/**
 * Loading placeholders shaped like the content they stand for, so nothing jumps when it arrives
 * (instead of a spinner whose box is a different size from the page it precedes).
 */
import type { ReactNode } from 'react';
import { cn } from './cn';

/** One grey block; size and shape come from `className`. Hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded bg-slate-100', className)} />;
}

/**
 * A loading region: announced once by `label` (role status), its placeholders (`children`)
 * hidden from assistive technology.
 */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="contents">
        {children}
      </div>
    </div>
  );
}

/** `count` lines of text of decreasing width. */
export function SkeletonLines({ count, className }: { count: number; className?: string }) {
  const widths = ['w-full', 'w-11/12', 'w-4/5', 'w-2/3', 'w-3/4', 'w-1/2'];
  return (
    <div className={cn('grid gap-2.5', className)}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className={cn('h-4', widths[i % widths.length])} />
      ))}
    </div>
  );
}

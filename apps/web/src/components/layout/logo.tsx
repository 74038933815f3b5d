/** The product mark and name, linking home. */
import { Link } from 'react-router';
import { cn } from '../ui/cn';

/** The logo glyph (decorative). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path d="M8 20c4-1 6-4 8-9 2 5 4 8 8 9-3 1-5 3-8 5-3-2-5-4-8-5z" fill="#fff" />
    </svg>
  );
}

/** Logo link to / whose accessible name is the product name (from site config). */
export function Logo({ productName, onClick }: { productName: string; onClick?: () => void }) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900"
    >
      <LogoMark />
      <span>{productName}</span>
    </Link>
  );
}

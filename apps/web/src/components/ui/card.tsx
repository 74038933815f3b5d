/** Surface containers. */
import { useEffect, useRef, type HTMLAttributes } from 'react';
import { cn } from './cn';

/** A white card with a subtle border and shadow. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-2xl border border-slate-200 bg-white shadow-card', className)}
      {...props}
    />
  );
}

/** Card header area with a title (h2 by default) and optional description. */
export function CardHeader({
  title,
  description,
  action,
  headingLevel = 2,
  id,
}: {
  title: string;
  description?: string;
  action?: React.ReactNode;
  headingLevel?: 2 | 3;
  id?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
      <div className="min-w-0">
        <Heading id={id} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** Tones of a {@link MessageCard}'s icon. */
const MESSAGE_TONES = {
  success: 'bg-emerald-50 text-emerald-600',
  danger: 'bg-red-50 text-red-600',
  brand: 'bg-brand-50 text-brand-700',
} as const;

/**
 * A centred card that says one thing: an icon in a tinted circle, a page heading (h1) and what
 * follows (Access Denied, the Welcome screen). With `focusOnShow` the page scrolls to the top and
 * the heading takes the focus when the card appears (it replaces a long form, so a phone would
 * otherwise show it from the middle and a screen reader would not hear it).
 */
export function MessageCard({
  icon: Icon,
  tone,
  title,
  children,
  focusOnShow = false,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tone: keyof typeof MESSAGE_TONES;
  title: React.ReactNode;
  children: React.ReactNode;
  focusOnShow?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnShow) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [focusOnShow]);
  return (
    <Card className="mx-auto max-w-md px-6 py-10 text-center">
      <div
        className={`mx-auto flex size-12 items-center justify-center rounded-full ${MESSAGE_TONES[tone]}`}
      >
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <h1
        ref={heading}
        tabIndex={focusOnShow ? -1 : undefined}
        className="mt-4 text-2xl font-bold text-slate-900 outline-none"
      >
        {title}
      </h1>
      {children}
    </Card>
  );
}

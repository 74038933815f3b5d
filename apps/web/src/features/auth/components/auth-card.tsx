/** Centred card used by the sign-in, registration and password screens. */
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { LogoMark } from '../../../components/layout/logo';

/** A narrow card with the logo, an h1 `title`, a lead `description` and the form. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="px-6 py-8 sm:px-8">
        <LogoMark className="mx-auto size-10" />
        <h1 className="mt-4 text-center text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h1>
        {description ? (
          <p className="mt-2 text-center text-sm text-slate-600">{description}</p>
        ) : null}
        <div className="mt-8">{children}</div>
      </Card>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}

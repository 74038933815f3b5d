/** The Access Denied card of /profile, /orders and /admin (spec sections 2 and 8). */
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from './button';
import { Card } from './card';

/** Shows "Access Denied", `message`, and one link styled as a button (e.g. Go to Login). */
export function AccessDenied({
  message,
  actionLabel,
  actionTo,
}: {
  message: string;
  actionLabel: string;
  actionTo: string;
}) {
  return (
    <Card className="mx-auto max-w-md px-6 py-10 text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <ShieldAlert aria-hidden="true" className="size-6" />
      </div>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Access Denied</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to={actionTo} className={buttonClasses({ className: 'mt-6' })}>
        {actionLabel}
      </Link>
    </Card>
  );
}

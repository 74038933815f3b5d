/** The Access Denied card of /profile, /orders and /admin (spec sections 2 and 8). */
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { buttonClasses } from './button';
import { MessageCard } from './card';

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
    <MessageCard icon={ShieldAlert} tone="danger" title="Access Denied">
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to={actionTo} className={buttonClasses({ className: 'mt-6' })}>
        {actionLabel}
      </Link>
    </MessageCard>
  );
}

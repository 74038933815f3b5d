/**
 * The Access Denied card of /profile, /orders and /admin (requirements §2 and §8). For a visitor
 * who only needs to sign in, it also invites that: a sentence saying they come back to the page,
 * and a second link (create an account) next to the main one.
 */
import { Link } from 'react-router';
import { LogIn, ShieldAlert } from 'lucide-react';
import { buttonClasses } from './button';
import { MessageCard } from './card';

/** A link of the card: its label and where it goes. */
export interface AccessDeniedLink {
  label: string;
  to: string;
}

/**
 * Shows "Access Denied", `message`, and one link styled as a button (e.g. Go to Login). With
 * `invite` (a sentence) and `secondary` (a second link), the card invites signing in: a sign-in
 * icon instead of the shield, the sentence under the message, both links side by side.
 */
export function AccessDenied({
  message,
  actionLabel,
  actionTo,
  invite,
  secondary,
}: {
  message: string;
  actionLabel: string;
  actionTo: string;
  invite?: string;
  secondary?: AccessDeniedLink;
}) {
  return (
    <MessageCard
      icon={invite ? LogIn : ShieldAlert}
      tone={invite ? 'brand' : 'danger'}
      title="Access Denied"
    >
      <p className="mt-2 text-slate-600">{message}</p>
      {invite ? <p className="mt-2 text-sm text-slate-600">{invite}</p> : null}
      <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <Link to={actionTo} className={buttonClasses()}>
          {actionLabel}
        </Link>
        {secondary ? (
          <Link to={secondary.to} className={buttonClasses({ variant: 'outline' })}>
            {secondary.label}
          </Link>
        ) : null}
      </div>
    </MessageCard>
  );
}

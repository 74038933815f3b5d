/** Four trust badges of /plans (requirements §2). */
import { Download, Headphones, Lock, RefreshCcw } from 'lucide-react';
import { SUPPORT_REPLY_HOURS } from '@flockr/contract';

const badges = [
  { icon: Lock, title: 'Secure payment', text: 'Checkout runs on an encrypted payment page.' },
  {
    icon: RefreshCcw,
    title: 'No automatic renewal',
    text: 'You pay for a month or a year at a time and renew when you choose.',
  },
  {
    icon: Download,
    title: 'Instant download',
    text: 'Get the app as soon as your payment clears.',
  },
  {
    icon: Headphones,
    title: `${SUPPORT_REPLY_HOURS}-hour support`,
    text: `We answer every message within ${SUPPORT_REPLY_HOURS} hours.`,
  },
];

/** A list of the four badges. */
export function TrustBadges() {
  return (
    <ul
      aria-label="Why customers trust us"
      className="mt-16 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {badges.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-card"
        >
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div>
            <p className="text-sm font-semibold text-slate-900">{title}</p>
            <p className="mt-0.5 text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

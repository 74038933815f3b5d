/** Current subscription: plan, status and expiry, or "No active subscription" with View Plans. */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus, User } from '@flockr/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate, humanize } from '../../../lib/format';
import { mySubscriptionsQueryOptions } from '../api/profile';

const tones: Record<SubscriptionStatus, BadgeTone> = {
  ACTIVE: 'success',
  CANCELLED: 'warning',
  EXPIRED: 'neutral',
};

/** Reads `/subscriptions/my-subscriptions`; falls back to the user's embedded subscription. */
export function SubscriptionCard({ user }: { user: User }) {
  const query = useQuery(mySubscriptionsQueryOptions);
  const current = query.data
    ? query.data.subscription
    : query.isError
      ? user.subscription
      : undefined;

  return (
    <Card>
      <CardHeader title="Current Subscription" />
      <div className="px-5 py-5 sm:px-6">
        {current === undefined ? (
          <Spinner label="Loading subscription…" className="py-6" />
        ) : current && current.status !== 'EXPIRED' ? (
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-500">Plan</dt>
              <dd className="mt-0.5 text-lg font-semibold text-slate-900">{current.plan_name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Status</dt>
              <dd className="mt-1">
                <Badge tone={tones[current.status]}>{humanize(current.status)}</Badge>
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-500">
                {current.status === 'CANCELLED' ? 'Access ends' : 'Expires'}
              </dt>
              <dd className="mt-0.5 font-medium text-slate-900">
                {formatDate(current.expires_at)}
              </dd>
            </div>
          </dl>
        ) : (
          <div className="flex flex-col items-start gap-4">
            <div>
              <p className="font-medium text-slate-900">No active subscription</p>
              <p className="mt-1 text-sm text-slate-600">
                {current
                  ? `Your ${current.plan_name} plan ended on ${formatDate(current.expires_at)}.`
                  : 'Choose a plan to download the app and start growing.'}
              </p>
            </div>
            <Link to="/plans" className={buttonClasses({ size: 'sm' })}>
              View Plans
            </Link>
          </div>
        )}
      </div>
    </Card>
  );
}

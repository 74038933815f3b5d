/** Current subscription: plan, status and expiry, or "No active subscription" with View Plans. */
import { Link } from 'react-router';
import type { User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { SubscriptionStatusBadge } from '../../../components/ui/status-badges';
import { formatDate } from '../../../lib/format';
import { useMySubscriptions, useSetCancelAtPeriodEnd } from '../api/profile';

/**
 * Reads `/subscriptions/my-subscriptions`; falls back to `user`'s embedded subscription when
 * that fails. An active subscription can be cancelled at period end, and a cancelled one resumed
 * before it ends ({@link useSetCancelAtPeriodEnd}); a failure shows the server's error.
 */
export function SubscriptionCard({ user }: { user: User }) {
  const query = useMySubscriptions();
  const subscriptionId = query.data?.subscription?.id ?? null;
  const change = useSetCancelAtPeriodEnd();
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
                <SubscriptionStatusBadge status={current.status} />
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
            {subscriptionId ? (
              <div className="col-span-2 flex flex-col items-start gap-3">
                {change.error ? <Alert variant="error">{change.error.message}</Alert> : null}
                {current.status === 'CANCELLED' ? (
                  <Button
                    size="sm"
                    loading={change.isPending}
                    onClick={() => change.mutate({ id: subscriptionId, cancel: false })}
                  >
                    Resume Subscription
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={change.isPending}
                    onClick={() => change.mutate({ id: subscriptionId, cancel: true })}
                  >
                    Cancel at Period End
                  </Button>
                )}
                <p className="text-xs text-slate-600">
                  {current.status === 'CANCELLED'
                    ? 'You keep access until the date above; resume any time before then.'
                    : 'You keep access until the date above; no further reminders are sent.'}
                </p>
              </div>
            ) : null}
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

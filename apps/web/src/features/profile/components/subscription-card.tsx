/**
 * Current subscription: plan, status and the one renewal sentence (contract `renewalSentence`:
 * subscriptions are prepaid and never renew by themselves), or "No active subscription" with
 * View Plans.
 */
import { Link } from 'react-router';
import { renewalDate, renewalSentence, type User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { SubscriptionStatusBadge } from '../../../components/ui/status-badges';
import { useMySubscriptions, useSetCancelAtPeriodEnd } from '../api/profile';

/**
 * Reads `/subscriptions/my-subscriptions`; falls back to `user`'s embedded subscription when
 * that fails. An active subscription offers Renew (the plans) and Stop Reminders (cancel at
 * period end: access stays until the end, reminders stop); one set to end offers Remind Me to
 * Renew (resume) before it ends ({@link useSetCancelAtPeriodEnd}); a failure shows the server's
 * error.
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
          <LoadingRegion label="Loading subscription…" className="grid gap-4">
            <div className="grid grid-cols-2 gap-4">
              <Skeleton className="h-11" />
              <Skeleton className="h-11" />
            </div>
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-9 w-40 rounded-lg" />
          </LoadingRegion>
        ) : current && current.status !== 'EXPIRED' ? (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-2 gap-4">
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
                <dt className="text-slate-500">Renewal</dt>
                <dd className="mt-0.5 font-medium text-slate-900">{renewalSentence(current)}</dd>
              </div>
            </dl>
            {subscriptionId ? (
              <div className="flex flex-col items-start gap-3">
                {change.error ? <Alert variant="error">{change.error.message}</Alert> : null}
                {current.status === 'CANCELLED' ? (
                  <Button
                    size="sm"
                    loading={change.isPending}
                    onClick={() => change.mutate({ id: subscriptionId, cancel: false })}
                  >
                    Remind Me to Renew
                  </Button>
                ) : (
                  <div className="flex flex-wrap gap-3">
                    <Link to="/plans" className={buttonClasses({ size: 'sm' })}>
                      Renew
                    </Link>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={change.isPending}
                      onClick={() => change.mutate({ id: subscriptionId, cancel: true })}
                    >
                      Stop Reminders
                    </Button>
                  </div>
                )}
                <p className="text-xs text-slate-600">
                  {current.status === 'CANCELLED'
                    ? `Nothing renews or is charged by itself. You keep access until ${renewalDate(current.expires_at)}; we send no renewal reminders.`
                    : 'Nothing renews or is charged by itself. Renewing early adds the new time after this period; we e-mail you before it ends.'}
                </p>
              </div>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-col items-start gap-4">
            <div>
              <p className="font-medium text-slate-900">No active subscription</p>
              <p className="mt-1 text-sm text-slate-600">
                {current
                  ? `Your ${current.plan_name} plan: ${renewalSentence(current)}.`
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

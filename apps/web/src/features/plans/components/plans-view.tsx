/**
 * Content of /plans (spec sections 2 and 4): billing toggle, plan cards, comparison table,
 * custom-solutions box, trust badges, and the purchase flow (subscribe → create payment → open
 * the payment page in a new tab → poll the order until it is paid).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ExternalLink, Receipt } from 'lucide-react';
import { CLIENT_ERRORS, errorText, type Plan, type User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';
import { withRedirect } from '../../../lib/redirect';
import { useSiteConfig } from '../../../lib/site-config';
import { orderStatusQueryOptions, plansQueryOptions, usePurchase } from '../api/plans';
import { BillingToggle, type BillingPeriod } from './billing-toggle';
import { ComparisonTable } from './comparison-table';
import { CustomSolutions } from './custom-solutions';
import { PlanCard, isFreePlan } from './plan-card';
import { TrustBadges } from './trust-badges';

/** Notice text after a purchase was started (the order can be paid later from the history). */
export const ORDER_WAITING_TEXT = 'Your order is waiting in Order History';

/** Name of the user's plan while it still gives access (ACTIVE, or CANCELLED until it ends). */
export function activePlanName(user: User | null, now = Date.now()): string | null {
  const sub = user?.subscription;
  if (!sub || sub.status === 'EXPIRED') return null;
  return new Date(sub.expires_at).getTime() > now ? sub.plan_name : null;
}

/** A purchase in progress: the order to watch and where to pay it. */
interface PendingPurchase {
  orderId: string;
  planName: string;
  paymentUrl: string;
}

/** Polls the pending order and announces its outcome once (spec section 4). */
function OrderWatcher({
  purchase,
  onSettled,
}: {
  purchase: PendingPurchase;
  onSettled: () => void;
}) {
  const queryClient = useQueryClient();
  const { data } = useQuery(orderStatusQueryOptions(purchase.orderId));
  const announced = useRef(false);
  const status = data?.status;

  useEffect(() => {
    if (!status || status === 'PENDING' || announced.current) return;
    announced.current = true;
    if (status === 'COMPLETED') {
      toast.success(`Payment received. Your ${purchase.planName} plan is active.`);
    } else {
      toast.warning(`Your ${purchase.planName} order was not paid (${status.toLowerCase()}).`);
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    onSettled();
  }, [status, purchase.planName, queryClient, onSettled]);

  return null;
}

/** The plans page body (the route adds the title). */
export function PlansView() {
  const { user } = useAuth();
  const { config } = useSiteConfig();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const [watching, setWatching] = useState(false);
  const [purchaseError, setPurchaseError] = useState<string | null>(null);
  const plansQuery = useQuery(plansQueryOptions);
  const purchase = usePurchase();
  const currentPlan = activePlanName(user);

  const choose = (plan: Plan) => {
    if (!user) {
      void navigate(withRedirect('/register', '/plans'));
      return;
    }
    setPurchaseError(null);
    purchase.mutate(
      { plan, durationMonths: period === 'yearly' ? 12 : 1 },
      {
        onSuccess: ({ orderId, payment }) => {
          window.open(payment.payment_url, '_blank');
          setPending({ orderId, planName: plan.name, paymentUrl: payment.payment_url });
          setWatching(true);
          toast.info(ORDER_WAITING_TEXT, {
            description: 'Complete the payment in the new tab, or pay later from Order History.',
            action: { label: 'View orders', onClick: () => void navigate('/orders') },
          });
        },
        onError: (error) =>
          setPurchaseError(errorText(undefined, error, CLIENT_ERRORS.defaults.subscribe)),
      },
    );
  };

  const plans = plansQuery.data?.plans.filter((p) => p.is_active) ?? [];
  const highlightName = plans.find((p) => !isFreePlan(p))?.name;

  return (
    <>
      <div className="flex justify-center">
        <BillingToggle
          value={period}
          onChange={setPeriod}
          discountPercentage={plansQuery.data?.discount_info.yearly_discount_percentage}
        />
      </div>

      {pending ? (
        <div className="mx-auto mt-8 max-w-3xl">
          <Alert variant="info" title={ORDER_WAITING_TEXT}>
            <p>
              We opened the payment page for your {pending.planName} order in a new tab. Once you
              pay, your plan activates automatically.
            </p>
            <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
              <Link
                to="/orders"
                className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-2"
              >
                <Receipt aria-hidden="true" className="size-4" />
                Go to Order History
              </Link>
              <a
                href={pending.paymentUrl}
                target="_blank"
                rel="noopener"
                className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-2"
              >
                <ExternalLink aria-hidden="true" className="size-4" />
                Open payment page
              </a>
            </div>
          </Alert>
        </div>
      ) : null}
      {pending && watching ? (
        <OrderWatcher
          key={pending.orderId}
          purchase={pending}
          onSettled={() => setWatching(false)}
        />
      ) : null}

      {purchaseError ? (
        <div className="mx-auto mt-8 max-w-3xl">
          <Alert variant="error">{purchaseError}</Alert>
        </div>
      ) : null}

      <section aria-label="Plans" className="mt-10">
        {plansQuery.isPending ? (
          <Spinner label="Loading plans…" />
        ) : plansQuery.isError ? (
          <div className="mx-auto max-w-xl space-y-4 text-center">
            <Alert variant="error">{plansQuery.error.message}</Alert>
            <Button variant="outline" onClick={() => void plansQuery.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <div className="grid gap-8 md:grid-cols-2 lg:grid-cols-3 lg:items-stretch">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                period={period}
                signedIn={!!user}
                isCurrent={
                  !!user && (isFreePlan(plan) ? currentPlan === null : currentPlan === plan.name)
                }
                highlighted={plan.name === highlightName}
                purchasing={purchase.isPending && purchase.variables?.plan.id === plan.id}
                disabled={purchase.isPending}
                onChoose={choose}
              />
            ))}
          </div>
        )}
      </section>

      <TrustBadges />
      <ComparisonTable />
      <CustomSolutions supportEmail={config?.support_email} />
    </>
  );
}

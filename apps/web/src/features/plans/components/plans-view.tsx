/**
 * Content of /plans (spec sections 2 and 4): billing toggle, plan cards, comparison table,
 * custom-solutions box, trust badges, and the purchase flow (subscribe → create payment → open
 * the payment page in a new tab → poll the order until it is paid). A signed-out choice goes to
 * /register carrying plan and period, and continues to that checkout once signed up or in
 * (features/plans/api/continue-checkout.ts). On phones the recommended plan comes first.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ExternalLink, Loader2, Receipt } from 'lucide-react';
import type { Plan, User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { withRedirect } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { useIsPhone } from '../../../lib/use-media-query';
import { useContinueChosenPlan } from '../api/continue-checkout';
import { ORDER_WAITING_TEXT, useOrderOutcome, usePlans, usePurchase } from '../api/plans';
import { planChoiceLabel, planChoicePath, readPeriod } from '../lib/plan-choice';
import { BillingToggle, type BillingPeriod } from './billing-toggle';
import { ComparisonTable } from './comparison-table';
import { CustomSolutions } from './custom-solutions';
import { PlanCard, isFreePlan } from './plan-card';
import { TrustBadges } from './trust-badges';

/**
 * Name of the user's plan while it still gives access (ACTIVE, or CANCELLED until it ends), or
 * null; `now` in epoch milliseconds.
 */
export function activePlanName(user: User | null, now = Date.now()): string | null {
  const sub = user?.subscription;
  if (!sub || sub.status === 'EXPIRED') return null;
  return new Date(sub.expires_at).getTime() > now ? sub.plan_name : null;
}

/** `plans` with the recommended one (`highlightName`) first: the order of the cards on a phone. */
export function recommendedFirst(plans: Plan[], highlightName: string | undefined): Plan[] {
  const recommended = plans.find((p) => p.name === highlightName);
  return recommended ? [recommended, ...plans.filter((p) => p !== recommended)] : plans;
}

/** The plans page body (the route adds the title); the period starts from `?period=`. */
export function PlansView() {
  const { user } = useSession();
  const { config } = useSiteConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [period, setPeriod] = useState<BillingPeriod>(() => readPeriod(params) ?? 'monthly');
  const phone = useIsPhone();
  const plansQuery = usePlans();
  const purchase = usePurchase();
  const started = purchase.data;
  useOrderOutcome(started && { orderId: started.orderId, planName: started.plan.name });
  const currentPlan = activePlanName(user);

  const choose = (plan: Plan) => {
    if (!user) {
      void navigate(withRedirect('/register', planChoicePath({ planName: plan.name, period })));
      return;
    }
    purchase.mutate({ plan, durationMonths: period === 'yearly' ? 12 : 1 });
  };

  const plans = plansQuery.data?.plans.filter((p) => p.is_active) ?? [];
  const highlightName = plans.find((p) => !isFreePlan(p))?.name;
  const shown = phone ? recommendedFirst(plans, highlightName) : plans;
  const chosen = useContinueChosenPlan({ signedIn: !!user, plans: plansQuery.data?.plans });

  return (
    <>
      <div className="flex justify-center">
        <BillingToggle
          value={period}
          onChange={setPeriod}
          discountPercentage={plansQuery.data?.discount_info.yearly_discount_percentage}
        />
      </div>

      {chosen.choice && !chosen.error ? (
        <div className="mx-auto mt-8 max-w-3xl">
          <Alert
            variant="info"
            title={`Taking you to the checkout for ${planChoiceLabel(chosen.choice)}…`}
          >
            <p className="flex items-center gap-2">
              <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
              Placing your order and opening the payment page.
            </p>
          </Alert>
        </div>
      ) : null}
      {chosen.error ? (
        <div className="mx-auto mt-8 max-w-3xl">
          <Alert variant="error">{chosen.error.message}</Alert>
        </div>
      ) : null}
      {started ? (
        <div className="mx-auto mt-8 max-w-3xl">
          <Alert variant="info" title={ORDER_WAITING_TEXT}>
            <p>
              We opened the payment page for your {started.plan.name} order in a new tab. Once you
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
                href={started.payment.payment_url}
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
      {purchase.error ? (
        <div className="mx-auto mt-8 max-w-3xl">
          <Alert variant="error">{purchase.error.message}</Alert>
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
            {shown.map((plan) => (
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

/**
/**
 * Content of /plans (spec sections 2 and 4): billing toggle, plan cards (Choose, Extend, Upgrade
 * or Switch, by the subscriber's plan in force), the seller and tax line, comparison table,
 * custom-solutions box, trust badges, and the purchase flow: the checkout dialog with the
 * server's quote → "Pay $…" opens the payment tab on the click → subscribe → create payment →
 * the tab goes to the payment page and this one to the thank-you page. A signed-out choice goes
 * to /register carrying plan and period, and continues to that checkout once signed up or in
 * (features/plans/api/continue-checkout.ts). On phones the recommended plan comes first.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import type { Plan, User } from '@flockr/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { withRedirect } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { SellerIdentity } from '../../../components/layout/seller-identity';
import { useIsPhone } from '../../../lib/use-media-query';
import { useContinueChosenPlan } from '../api/continue-checkout';
import { openPaymentTab, usePlans, usePurchase } from '../api/plans';
import { planChoiceLabel, planChoicePath, readPeriod } from '../lib/plan-choice';
import { BillingToggle, type BillingPeriod } from './billing-toggle';
import { CheckoutDialog } from './checkout-dialog';
import { ComparisonTable } from './comparison-table';
import { CustomSolutions } from './custom-solutions';
import { PlanCard, isFreePlan, planRelation } from './plan-card';
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
  const [checkoutPlan, setCheckoutPlan] = useState<Plan | undefined>(undefined);
  const currentPlan = activePlanName(user);
  const durationMonths = period === 'yearly' ? 12 : 1;

  const choose = (plan: Plan) => {
    if (!user) {
      void navigate(withRedirect('/register', planChoicePath({ planName: plan.name, period })));
      return;
    }
    purchase.reset();
    setCheckoutPlan(plan);
  };

  // Synchronous on the click: the payment tab must open before any request (openPaymentTab).
  const pay = () => {
    if (!checkoutPlan) return;
    purchase.mutate({ plan: checkoutPlan, durationMonths, tab: openPaymentTab() });
  };

  const plans = plansQuery.data?.plans.filter((p) => p.is_active) ?? [];
  const highlightName = plans.find((p) => !isFreePlan(p))?.name;
  const inForce = plans.find((p) => p.name === currentPlan);
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
      <section aria-label="Plans" className="mt-10">
        {plansQuery.isPending ? (
          <LoadingRegion
            label="Loading plans…"
            className="grid gap-8 md:grid-cols-2 lg:grid-cols-3 lg:items-stretch"
          >
            {[0, 1, 2].map((i) => (
              <Card key={i} className="grid content-start gap-5 p-6 sm:p-8">
                <Skeleton className="h-6 w-24" />
                <Skeleton className="h-10 w-36" />
                <SkeletonLines count={5} />
                <Skeleton className="mt-4 h-11 rounded-lg" />
              </Card>
            ))}
          </LoadingRegion>
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
                relation={user ? planRelation(plan, inForce) : 'new'}
                currentEndsAt={inForce ? user?.subscription?.expires_at : undefined}
              />
            ))}
          </div>
        )}
        <SellerIdentity config={config} className="mx-auto mt-8 max-w-3xl text-center" />
      </section>

      <CheckoutDialog
        plan={checkoutPlan}
        durationMonths={durationMonths}
        config={config}
        paying={purchase.isPending}
        error={purchase.error?.message ?? null}
        onPay={pay}
        onClose={() => setCheckoutPlan(undefined)}
      />

      <TrustBadges />
      <ComparisonTable />
      <CustomSolutions supportEmail={config?.support_email} />
    </>
  );
}

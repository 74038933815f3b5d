/**
/**
 * Content of /plans (requirements §2 and §4): billing toggle, plan cards (Choose, Extend, Upgrade
 * or Switch, by the subscriber's plan in force), the seller and tax line, comparison table,
 * custom-solutions box, trust badges, and the purchase flow: the checkout dialog with the
 * server's quote → "Pay $…" opens the payment tab on the click → subscribe → create payment →
 * the tab goes to the payment page and this one to the thank-you page. A signed-out choice goes
 * to /register carrying plan and period, and continues to that checkout once signed up or in
 * (features/plans/api/continue-checkout.ts). On phones the recommended plan comes first.
 *
 * The page's first chunk holds what a visitor sees; the checkout (dialog, quote, purchase) and
 * the continuing of a chosen plan load when they are needed (a signed-out visitor never loads
 * them: the server renders this page signed out, and a choice then goes to /register).
 */
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Plan } from '@flockr/contract';
import { Card } from '../../../components/ui/card';
import { LoadingRegion, Skeleton, SkeletonLines } from '../../../components/ui/skeleton';
import { LoadFailed } from '../../../components/ui/load-failed';
import { withRedirect } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { SellerIdentity } from '../../../components/layout/seller-identity';
import { useIsPhone } from '../../../lib/use-media-query';
import { usePlans, usePurchasingPlanId } from '../api/plans';
import { activePlanName } from '../lib/active-plan';
import { planChoicePath, readPeriod, readPlanChoice } from '../lib/plan-choice';
import { BillingToggle, type BillingPeriod } from './billing-toggle';
import { ComparisonTable } from './comparison-table';
import { CustomSolutions } from './custom-solutions';
import { isFreePlan } from '../lib/free-plan';
import { PlanCard, planRelation } from './plan-card';
import { TrustBadges } from './trust-badges';

/** The checkout dialog with its quote and purchase, loaded when a signed-in visitor chooses. */
const Checkout = lazy(() => import('./checkout-dialog').then((m) => ({ default: m.Checkout })));

/** The continuing of a plan chosen before signing up, loaded when there is one to continue. */
const ContinueChosenPlan = lazy(() =>
  import('./continue-chosen-plan').then((m) => ({ default: m.ContinueChosenPlan })),
);

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
  const purchasingId = usePurchasingPlanId();
  const [checkoutPlan, setCheckoutPlan] = useState<Plan | undefined>(undefined);
  const currentPlan = activePlanName(user);
  const durationMonths = period === 'yearly' ? 12 : 1;
  // A choice carried through sign-up is continued by a signed-in visitor; it leaves the URL once
  // started, and the part that continues it stays (it shows the progress, or the refusal).
  const [continuing, setContinuing] = useState(false);
  if (user && readPlanChoice(params) && !continuing) setContinuing(true);

  const choose = (plan: Plan) => {
    if (!user) {
      void navigate(withRedirect('/register', planChoicePath({ planName: plan.name, period })));
      return;
    }
    setCheckoutPlan(plan);
  };

  const plans = plansQuery.data?.plans.filter((p) => p.is_active) ?? [];
  const highlightName = plans.find((p) => !isFreePlan(p))?.name;
  const inForce = plans.find((p) => p.name === currentPlan);
  const shown = phone ? recommendedFirst(plans, highlightName) : plans;

  return (
    <>
      <div className="flex justify-center">
        <BillingToggle
          value={period}
          onChange={setPeriod}
          discountPercentage={plansQuery.data?.discount_info.yearly_discount_percentage}
        />
      </div>

      {continuing ? (
        <Suspense fallback={null}>
          <ContinueChosenPlan plans={plansQuery.data?.plans} />
        </Suspense>
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
          <LoadFailed
            message={plansQuery.error.message}
            onRetry={() => void plansQuery.refetch()}
            retrying={plansQuery.isFetching}
            className="mx-auto max-w-xl justify-items-center gap-4"
          />
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
                purchasing={purchasingId === plan.id}
                disabled={purchasingId !== undefined}
                onChoose={choose}
                relation={user ? planRelation(plan, inForce) : 'new'}
                currentEndsAt={inForce ? user?.subscription?.expires_at : undefined}
              />
            ))}
          </div>
        )}
        <SellerIdentity config={config} className="mx-auto mt-8 max-w-3xl text-center" />
      </section>

      {checkoutPlan ? (
        <Suspense fallback={null}>
          <Checkout
            plan={checkoutPlan}
            durationMonths={durationMonths}
            config={config}
            onClose={() => setCheckoutPlan(undefined)}
          />
        </Suspense>
      ) : null}

      <TrustBadges />
      <ComparisonTable />
      <CustomSolutions supportEmail={config?.support_email} />
    </>
  );
}

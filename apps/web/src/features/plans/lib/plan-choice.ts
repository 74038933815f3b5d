/**
 * The plan and billing period a visitor chose on /plans, carried in the URL through sign-up and
 * sign-in (the `redirect` parameter of requirements §2) as `/plans?plan=PRO%2B&period=yearly`, so
 * the choice survives and the purchase continues once the visitor has an account.
 */
import type { BillingPeriod } from '../components/billing-toggle';

/** A choice read from /plans' query: a plan name (as the catalogue spells it) and a period. */
export interface PlanChoice {
  planName: string;
  period: BillingPeriod;
}

/** Query parameter names of a choice on /plans. */
export const PLAN_CHOICE_PARAMS = { plan: 'plan', period: 'period' } as const;

/** `/plans?plan=<name>&period=<monthly|yearly>` for `choice` (the name percent-encoded). */
export function planChoicePath({ planName, period }: PlanChoice): string {
  const query = new URLSearchParams({
    [PLAN_CHOICE_PARAMS.plan]: planName,
    [PLAN_CHOICE_PARAMS.period]: period,
  });
  return `/plans?${query.toString().replace(/\+/g, '%20')}`;
}

/** The period in `params` ('yearly' or 'monthly'), or undefined when absent or unknown. */
export function readPeriod(params: URLSearchParams): BillingPeriod | undefined {
  const raw = params.get(PLAN_CHOICE_PARAMS.period);
  return raw === 'yearly' || raw === 'monthly' ? raw : undefined;
}

/** The choice in `params`, or null without a plan name; the period defaults to monthly. */
export function readPlanChoice(params: URLSearchParams): PlanChoice | null {
  const planName = params.get(PLAN_CHOICE_PARAMS.plan)?.trim();
  if (!planName) return null;
  return { planName, period: readPeriod(params) ?? 'monthly' };
}

/**
 * The choice carried by a same-site path such as a `redirect` target (`/plans?plan=…`), or null
 * when the path is not /plans with a plan.
 */
export function planChoiceOfPath(path: string): PlanChoice | null {
  const url = new URL(path, 'http://same.site');
  if (url.pathname !== '/plans') return null;
  return readPlanChoice(url.searchParams);
}

/** "PRO+ · Yearly": how a choice is named on screen. */
export function planChoiceLabel({ planName, period }: PlanChoice): string {
  return `${planName} · ${period === 'yearly' ? 'Yearly' : 'Monthly'}`;
}

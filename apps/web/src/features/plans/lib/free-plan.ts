/** Which plan is the free one, as /plans and the checkout read it. */
import { PLAN_NAMES, type Plan } from '@flockr/contract';

/** True for the free plan, which is shown but cannot be bought (the server refuses it). */
export function isFreePlan(plan: Plan): boolean {
  return plan.name === PLAN_NAMES.free || (plan.monthly_price === 0 && plan.yearly_price === 0);
}

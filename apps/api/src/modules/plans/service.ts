/** Plan presentation: minor units to decimal prices, discount percentages (spec §3, §9). */
import { toMajorUnits, yearlyDiscountPercentage } from '@flockr/contract';
import type { Plan, PlansResponse } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { PlanRow } from '../../db/schema.js';
import { listActivePlans } from './repository.js';

/** A plan row as the API shows it: prices as decimals in the plan currency. */
export function toPlanDto(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthly_price: toMajorUnits(row.monthlyPriceMinor, row.currency),
    yearly_price: toMajorUnits(row.yearlyPriceMinor, row.currency),
    currency: row.currency,
    features: row.features,
    is_active: row.isActive,
    yearly_discount_percentage: yearlyDiscountPercentage(
      row.monthlyPriceMinor,
      row.yearlyPriceMinor,
    ),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * `GET /subscriptions/plans`: active plans and `discount_info.yearly_discount_percentage`, the
 * largest yearly discount among them (0 when no plan has one), computed from the prices.
 */
export async function publicPlans(ctx: AppContext): Promise<PlansResponse> {
  const rows = await listActivePlans(ctx.db);
  const plans = rows.map(toPlanDto);
  const best = Math.max(0, ...plans.map((p) => p.yearly_discount_percentage));
  return { plans, discount_info: { yearly_discount_percentage: best } };
}

/** Price in minor units of `durationMonths` (1 → monthly price, 12 → yearly price). */
export function priceFor(plan: PlanRow, durationMonths: 1 | 12): number {
  return durationMonths === 12 ? plan.yearlyPriceMinor : plan.monthlyPriceMinor;
}

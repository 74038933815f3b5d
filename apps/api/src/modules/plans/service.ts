/**
 * Plans (requirements §3, §7 and §9): the public catalogue with prices as decimals and the yearly
 * discount, the price an order is placed at, and the admin's create and update. Prices are
 * stored as integer minor units; a price change never alters existing orders (they carry their
 * own amount); an inactive plan cannot be bought but keeps its subscribers.
 */
import {
  toMajorUnits,
  toMinorUnits,
  yearlyDiscountPercentage,
  type Plan,
  type PlanInput,
  type PlansResponse,
} from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { PlanRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { recordAudit } from '../audit/service.js';
import { changeAndPublish, type MemoryAnswer } from '../../lib/memory-answers.js';
import { catalogOf, PLANS_TOPIC } from './catalog.js';
import {
  countPlans,
  findPlanById,
  insertPlan,
  listPlans,
  updatePlan as updatePlanRow,
} from './repository.js';

/** The currency new plans are priced in. */
const PLAN_CURRENCY = 'USD';

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
  const plans = (await listPlans(ctx.db)).map(toPlanDto);
  const best = Math.max(0, ...plans.map((p) => p.yearly_discount_percentage));
  return { plans, discount_info: { yearly_discount_percentage: best } };
}

/**
 * `GET /subscriptions/plans` as the bytes to send and their ETag, from this instance's copy
 * (catalog.ts), loaded with {@link publicPlans} when there is none.
 */
export function catalogAnswer(ctx: AppContext): Promise<MemoryAnswer> {
  return catalogOf(ctx).get('', () => publicPlans(ctx));
}

/**
 * Runs a plan change in one transaction, publishes the `plans` topic inside it (other instances
 * drop their catalogue when it commits) and drops this instance's copy after the commit.
 */
function changePlans<T>(ctx: AppContext, change: (tx: Executor) => Promise<T>): Promise<T> {
  return changeAndPublish(ctx, PLANS_TOPIC, change);
}

/** Every plan, active or not, in display order (admins). */
export async function allPlans(db: Executor): Promise<PlanRow[]> {
  return listPlans(db, true);
}

/**
 * What buying `planId` for `durationMonths` costs now, in minor units of the plan's currency.
 * @throws 404 PLAN_NOT_FOUND; 400 PLAN_NOT_PURCHASABLE for an inactive or free plan.
 */
export async function quote(
  db: Executor,
  planId: string,
  durationMonths: 1 | 12,
): Promise<{ plan: PlanRow; amountMinor: number }> {
  const plan = await findPlanById(db, planId);
  if (!plan) throw notFound('planNotFound');
  const amountMinor = durationMonths === 12 ? plan.yearlyPriceMinor : plan.monthlyPriceMinor;
  if (!plan.isActive || amountMinor <= 0) throw badRequest('planNotPurchasable');
  return { plan, amountMinor };
}

/** Plan `planId` (active or not), or undefined: what a license on it gives (licenses). */
export async function planById(db: Executor, planId: string): Promise<PlanRow | undefined> {
  return findPlanById(db, planId);
}

/** The monthly price of plan `planId` in minor units (plans are ranked by it); 0 when unknown. */
export async function monthlyPriceOf(db: Executor, planId: string): Promise<number> {
  return (await findPlanById(db, planId))?.monthlyPriceMinor ?? 0;
}

type ParsedPlanInput = { [K in keyof PlanInput]-?: Exclude<PlanInput[K], undefined> };

/** Plan columns from the (parsed) form values. */
function columns(input: Partial<ParsedPlanInput>, currency: string) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.monthly_price !== undefined && {
      monthlyPriceMinor: toMinorUnits(input.monthly_price, currency),
    }),
    ...(input.yearly_price !== undefined && {
      yearlyPriceMinor: toMinorUnits(input.yearly_price, currency),
    }),
    ...(input.features !== undefined && { features: input.features }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    ...(input.after_expiry_access !== undefined && {
      afterExpiryAccess: input.after_expiry_access,
    }),
    ...(input.entitlements !== undefined && {
      entitlements: input.entitlements.map((e) => ({ code: e.code, limit: e.limit ?? null })),
    }),
    ...(input.max_devices !== undefined && { maxDevices: input.max_devices }),
  };
}

/** `POST /admin/plans`, audited. @throws 409 PLAN_NAME_TAKEN. */
export async function createPlan(
  ctx: AppContext,
  actor: UserRow,
  input: ParsedPlanInput,
): Promise<PlanRow> {
  try {
    return await changePlans(ctx, async (tx) => {
      const row = await insertPlan(tx, {
        ...columns(input, PLAN_CURRENCY),
        currency: PLAN_CURRENCY,
        sortOrder: await countPlans(tx),
      } as Parameters<typeof insertPlan>[1]);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'plan.create',
        entityType: 'plan',
        entityId: row.id,
        before: null,
        after: row,
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_key')) throw conflict('planNameTaken');
    throw error;
  }
}

/** `PUT /admin/plans/{id}`: changes the given fields, audited. @throws 404, 409 PLAN_NAME_TAKEN. */
export async function updatePlan(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: Partial<ParsedPlanInput>,
): Promise<PlanRow> {
  try {
    return await changePlans(ctx, async (tx) => {
      const before = await findPlanById(tx, id, true);
      if (!before) throw notFound('planNotFound');
      const after = (await updatePlanRow(tx, id, {
        ...columns(input, before.currency),
        updatedAt: ctx.now(),
      }))!;
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'plan.update',
        entityType: 'plan',
        entityId: id,
        before,
        after,
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_key')) throw conflict('planNameTaken');
    throw error;
  }
}

/**
 * Admin plans (issue 4): create, list with subscriber count and revenue, update. Prices arrive as
 * decimals (step 0.01) and are stored as integer minor units. A price change never alters
 * existing orders (they carry their own amount); an inactive plan cannot be bought but keeps
 * its subscribers.
 */
import { and, asc, count, eq, gt } from 'drizzle-orm';
import { API_ERRORS, toMinorUnits } from '@flockr/contract';
import type { AdminPlan, PlanInput } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { plans, subscriptions, type PlanRow, type UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordAudit } from '../audit/service.js';
import { toPlanDto } from '../plans/service.js';
import { revenueByCurrency, revenueIn } from './orders.js';

/** A plan with `subscriber_count` (active subscriptions now) and `total_revenue` (decimal). */
async function toAdminPlan(ctx: AppContext, db: Executor, row: PlanRow): Promise<AdminPlan> {
  const [subs] = await db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.planId, row.id), gt(subscriptions.expiresAt, ctx.now())));
  const revenue = await revenueByCurrency(db, row.id);
  return {
    ...toPlanDto(row),
    subscriber_count: subs?.n ?? 0,
    total_revenue: revenueIn(revenue, row.currency),
  };
}

/** `GET /admin/plans`: every plan, active or not, in display order. */
export async function listAdminPlans(ctx: AppContext): Promise<AdminPlan[]> {
  const rows = await ctx.db
    .select()
    .from(plans)
    .orderBy(asc(plans.sortOrder), asc(plans.createdAt));
  return Promise.all(rows.map((r) => toAdminPlan(ctx, ctx.db, r)));
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
  };
}

/** `POST /admin/plans`. @throws 409 when the name is taken. */
export async function createPlan(
  ctx: AppContext,
  actor: UserRow,
  input: ParsedPlanInput,
): Promise<AdminPlan> {
  try {
    return await ctx.db.transaction(async (tx) => {
      // New plans are listed after the existing ones.
      const [existing] = await tx.select({ n: count() }).from(plans);
      const [row] = await tx
        .insert(plans)
        .values({
          ...columns(input, 'USD'),
          currency: 'USD',
          sortOrder: existing?.n ?? 0,
        } as typeof plans.$inferInsert)
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'plan.create',
        entityType: 'plan',
        entityId: row!.id,
        before: null,
        after: row,
      });
      return toAdminPlan(ctx, tx, row!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_key')) throw conflict(API_ERRORS.planNameTaken);
    throw error;
  }
}

/** `PUT /admin/plans/{id}`: changes the given fields. @throws 404, 409 name taken. */
export async function updatePlan(
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: Partial<ParsedPlanInput>,
): Promise<AdminPlan> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
      if (!before) throw notFound(API_ERRORS.planNotFound);
      const [after] = await tx
        .update(plans)
        .set({ ...columns(input, before.currency), updatedAt: ctx.now() })
        .where(eq(plans.id, id))
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'plan.update',
        entityType: 'plan',
        entityId: id,
        before,
        after,
      });
      return toAdminPlan(ctx, tx, after!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_key')) throw conflict(API_ERRORS.planNameTaken);
    throw error;
  }
}

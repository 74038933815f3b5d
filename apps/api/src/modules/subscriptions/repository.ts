/** Data access for subscriptions and their periods. */
import { and, asc, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  plans,
  subscriptionPeriods,
  subscriptions,
  type SubscriptionRow,
} from '../../db/schema.js';

/**
 * The user's subscription with the plan in force, or undefined. With `now`, the plan in force is
 * the plan of the (not revoked) period covering `now` — after a downgrade the new plan starts
 * only when its period does; otherwise, and when no period covers `now`, the subscription's plan.
 */
export async function findSubscriptionByUser(db: Executor, userId: string, now?: Date) {
  const [row] = await db
    .select({ subscription: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  if (!row || !now) return row;
  const [covering] = await db
    .select({ planId: subscriptionPeriods.planId, planName: plans.name })
    .from(subscriptionPeriods)
    .innerJoin(plans, eq(plans.id, subscriptionPeriods.planId))
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, row.subscription.id),
        isNull(subscriptionPeriods.revokedAt),
        lte(subscriptionPeriods.startsAt, now),
        gt(subscriptionPeriods.endsAt, now),
      ),
    )
    .orderBy(desc(subscriptionPeriods.startsAt))
    .limit(1);
  return covering
    ? {
        subscription: { ...row.subscription, planId: covering.planId },
        planName: covering.planName,
      }
    : row;
}

/** The user's subscription row locked FOR UPDATE (inside a transaction), or undefined. */
export async function lockSubscriptionByUser(
  db: Executor,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update')
    .limit(1);
  return row;
}

/** Periods of a subscription that still count (not revoked), oldest first, with plan names. */
export async function listPeriods(db: Executor, subscriptionId: string) {
  return db
    .select({ period: subscriptionPeriods, planName: plans.name })
    .from(subscriptionPeriods)
    .innerJoin(plans, eq(plans.id, subscriptionPeriods.planId))
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, subscriptionId),
        isNull(subscriptionPeriods.revokedAt),
      ),
    )
    .orderBy(asc(subscriptionPeriods.startsAt));
}

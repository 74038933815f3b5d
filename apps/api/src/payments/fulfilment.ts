/**
 * Fulfilment: turning a paid order into subscription time, and taking back the time of a
 * refunded or cancelled one. This is the only code that grants or removes paid time; the sandbox
 * page, a provider's webhook and the admin order action all call it. Each call runs in one
 * transaction and is idempotent: the order row is locked, a COMPLETED order is never fulfilled
 * again, and the unique `subscription_periods.order_id` makes a second grant impossible.
 */
import { and, eq, gte, isNull, sql, desc } from 'drizzle-orm';
import type { OrderStatus } from '@flockr/contract';
import type { Executor } from '../db/client.js';
import {
  payments,
  plans,
  subscriptionPeriods,
  subscriptions,
  type OrderRow,
} from '../db/schema.js';
import { lockOrder, updateOrder } from '../modules/orders/repository.js';
import {
  findSubscriptionByUser,
  lockSubscriptionByUser,
} from '../modules/subscriptions/repository.js';
import { planPeriod } from '../modules/subscriptions/periods.js';

export type FulfilmentResult =
  | { outcome: 'fulfilled'; order: OrderRow; periodEndsAt: Date }
  | { outcome: 'already-fulfilled'; order: OrderRow }
  | { outcome: 'not-payable'; order: OrderRow }
  | { outcome: 'not-found' };

/**
 * Marks order `orderId` COMPLETED (with `completed_at = now`) and, in the same transaction,
 * creates or extends the buyer's subscription by the order's duration from the later of `now`
 * and the current expiry (rule: `nextPeriod`). A payment confirms only a PENDING order; the admin
 * action may also complete a FAILED or EXPIRED one (`payableFrom`). Calling it again for a
 * COMPLETED order changes nothing and reports 'already-fulfilled'.
 */
export async function fulfilOrder(
  db: Executor,
  orderId: string,
  now: Date,
  payableFrom: readonly OrderStatus[] = ['PENDING'],
): Promise<FulfilmentResult> {
  return db.transaction((tx) => fulfilLockedOrder(tx, orderId, now, payableFrom));
}

/** {@link fulfilOrder} inside a transaction the caller already holds. */
export async function fulfilLockedOrder(
  tx: Executor,
  orderId: string,
  now: Date,
  payableFrom: readonly OrderStatus[] = ['PENDING'],
): Promise<FulfilmentResult> {
  const order = await lockOrder(tx, orderId);
  if (!order) return { outcome: 'not-found' };
  if (order.status === 'COMPLETED') return { outcome: 'already-fulfilled', order };
  if (!payableFrom.includes(order.status)) return { outcome: 'not-payable', order };

  const periodEndsAt = await grantPeriod(tx, order, now);
  const completed = await updateOrder(tx, order.id, { status: 'COMPLETED', completedAt: now });
  await tx
    .update(payments)
    .set({ status: 'COMPLETED', completedAt: now })
    .where(eq(payments.orderId, order.id));
  return { outcome: 'fulfilled', order: completed!, periodEndsAt };
}

/**
 * Adds the period paid by `order` to the buyer's subscription (creating it if needed), by the
 * rule of `planPeriod`: renewal extends, an upgrade starts now with the remaining time converted,
 * a downgrade starts when the current period ends.
 */
async function grantPeriod(tx: Executor, order: OrderRow, now: Date): Promise<Date> {
  const current = await lockSubscriptionByUser(tx, order.userId);
  const [bought] = await tx.select().from(plans).where(eq(plans.id, order.planId));
  const inForce = current ? await findSubscriptionByUser(tx, order.userId, now) : undefined;
  const [currentPlan] = inForce
    ? await tx.select().from(plans).where(eq(plans.id, inForce.subscription.planId))
    : [];
  const period = planPeriod(
    now,
    current && currentPlan
      ? {
          expiresAt: current.expiresAt,
          planId: currentPlan.id,
          monthlyPriceMinor: currentPlan.monthlyPriceMinor,
        }
      : null,
    { planId: order.planId, monthlyPriceMinor: bought!.monthlyPriceMinor },
    order.durationMonths,
  );
  let subscriptionId: string;
  if (current) {
    const active = current.expiresAt > now;
    if (period.upgrade) {
      // The old plan's remaining time was converted into the new period: earlier periods end now.
      await tx
        .update(subscriptionPeriods)
        .set({
          startsAt: sql`least(${subscriptionPeriods.startsAt}, ${now})`,
          endsAt: sql`least(${subscriptionPeriods.endsAt}, ${now})`,
        })
        .where(
          and(
            eq(subscriptionPeriods.subscriptionId, current.id),
            isNull(subscriptionPeriods.revokedAt),
          ),
        );
    }
    await tx
      .update(subscriptions)
      .set({
        planId: order.planId,
        expiresAt: period.endsAt,
        startedAt: active ? current.startedAt : period.startsAt,
        cancelAtPeriodEnd: false,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id));
    subscriptionId = current.id;
  } else {
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: order.userId,
        planId: order.planId,
        startedAt: period.startsAt,
        expiresAt: period.endsAt,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = created!.id;
  }
  await tx.insert(subscriptionPeriods).values({
    subscriptionId,
    orderId: order.id,
    planId: order.planId,
    startsAt: period.startsAt,
    endsAt: period.endsAt,
  });
  return period.endsAt;
}

/**
 * Takes back the time order `order` granted (refund or cancellation of a completed order), inside
 * the caller's transaction. The order's period is marked revoked; its unused part
 * (`endsAt − max(startsAt, now)`, never negative) is removed: later periods move earlier by that
 * much and the subscription's expiry too. Time already used is not taken back. Returns the
 * milliseconds removed (0 when the order granted nothing or was already revoked).
 *
 * Example: paid Jan 1 → Feb 1 and Feb 1 → Mar 1; refunding the first on Jan 11 removes 21 days,
 * so the second period becomes Jan 11 → Feb 8 and access ends Feb 8.
 */
export async function revokeOrderTime(tx: Executor, order: OrderRow, now: Date): Promise<number> {
  const subscription = await lockSubscriptionByUser(tx, order.userId);
  if (!subscription) return 0;
  const [period] = await tx
    .select()
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.orderId, order.id), isNull(subscriptionPeriods.revokedAt)))
    .limit(1);
  if (!period) return 0;
  const from = period.startsAt > now ? period.startsAt : now;
  const removedMs = Math.max(0, period.endsAt.getTime() - from.getTime());
  await tx
    .update(subscriptionPeriods)
    .set({ revokedAt: now })
    .where(eq(subscriptionPeriods.id, period.id));
  if (removedMs > 0) {
    const shift = sql`make_interval(secs => ${removedMs / 1000})`;
    await tx
      .update(subscriptionPeriods)
      .set({
        startsAt: sql`${subscriptionPeriods.startsAt} - ${shift}`,
        endsAt: sql`${subscriptionPeriods.endsAt} - ${shift}`,
      })
      .where(
        and(
          eq(subscriptionPeriods.subscriptionId, subscription.id),
          isNull(subscriptionPeriods.revokedAt),
          gte(subscriptionPeriods.startsAt, period.endsAt),
        ),
      );
  }
  const [latest] = await tx
    .select({ planId: subscriptionPeriods.planId })
    .from(subscriptionPeriods)
    .where(
      and(
        eq(subscriptionPeriods.subscriptionId, subscription.id),
        isNull(subscriptionPeriods.revokedAt),
      ),
    )
    .orderBy(desc(subscriptionPeriods.endsAt))
    .limit(1);
  await tx
    .update(subscriptions)
    .set({
      expiresAt: new Date(subscription.expiresAt.getTime() - removedMs),
      planId: latest?.planId ?? subscription.planId,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, subscription.id));
  return removedMs;
}

/**
 * Marks a PENDING order FAILED (payer cancelled or the provider declined) and its payment FAILED.
 * Any other status is left as it is (a COMPLETED order never moves back). Returns the order.
 */
export async function failOrder(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status !== 'PENDING') return order;
    const failed = await updateOrder(tx, order.id, { status: 'FAILED' });
    await tx.update(payments).set({ status: 'FAILED' }).where(eq(payments.orderId, order.id));
    return failed;
  });
}

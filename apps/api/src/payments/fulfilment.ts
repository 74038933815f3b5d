/**
 * Fulfilment: turning a paid order into subscription time. This is the only code that grants
 * access for money; the sandbox page, a provider's webhook and (later) the admin action all call
 * it. It runs in one transaction and is idempotent: the order row is locked, a COMPLETED order
 * is left alone, and the unique `subscription_periods.order_id` makes a second grant impossible.
 */
import { eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../db/client.js';
import { payments, subscriptionPeriods, subscriptions, type OrderRow } from '../db/schema.js';
import { lockOrder, updateOrder } from '../modules/orders/repository.js';
import { lockSubscriptionByUser } from '../modules/subscriptions/repository.js';
import { nextPeriod } from '../modules/subscriptions/periods.js';

export type FulfilmentResult =
  | { outcome: 'fulfilled'; order: OrderRow; periodEndsAt: Date }
  | { outcome: 'already-fulfilled'; order: OrderRow }
  | { outcome: 'not-payable'; order: OrderRow }
  | { outcome: 'not-found' };

/**
 * Marks order `orderId` COMPLETED (with `completed_at = now`) and, in the same transaction,
 * creates or extends the buyer's subscription by the order's duration from the later of `now`
 * and the current expiry (rule: `nextPeriod`). Only a PENDING order is fulfilled; calling it
 * again for a COMPLETED order changes nothing and reports 'already-fulfilled'.
 */
export async function fulfilOrder(
  db: Executor,
  orderId: string,
  now: Date,
): Promise<FulfilmentResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { outcome: 'not-found' };
    if (order.status === 'COMPLETED') return { outcome: 'already-fulfilled', order };
    if (order.status !== 'PENDING') return { outcome: 'not-payable', order };

    const periodEndsAt = await grantPeriod(tx, order, now);
    const completed = await updateOrder(tx, order.id, { status: 'COMPLETED', completedAt: now });
    await tx
      .update(payments)
      .set({ status: 'COMPLETED', completedAt: now })
      .where(eq(payments.orderId, order.id));
    return { outcome: 'fulfilled', order: completed!, periodEndsAt };
  });
}

/** Adds the period paid by `order` to the buyer's subscription (creating it if needed). */
async function grantPeriod(tx: Transaction | Executor, order: OrderRow, now: Date): Promise<Date> {
  const current = await lockSubscriptionByUser(tx, order.userId);
  const { startsAt, endsAt } = nextPeriod(now, current?.expiresAt, order.durationMonths);
  let subscriptionId: string;
  if (current) {
    const active = current.expiresAt > now;
    await tx
      .update(subscriptions)
      .set({
        planId: order.planId,
        expiresAt: endsAt,
        startedAt: active ? current.startedAt : startsAt,
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
        startedAt: startsAt,
        expiresAt: endsAt,
      })
      .returning({ id: subscriptions.id });
    subscriptionId = created!.id;
  }
  await tx.insert(subscriptionPeriods).values({
    subscriptionId,
    orderId: order.id,
    planId: order.planId,
    startsAt,
    endsAt,
  });
  return endsAt;
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

/**
 * Reconciliation (issue 6): PENDING orders whose checkout is older than RECONCILE_AFTER_MINUTES
 * are checked with the provider, and what it says is applied through `applyPaymentEvent` with a
 * synthetic event id per session and outcome, so a lost webhook is recovered and a late webhook
 * afterwards changes nothing. Safe to run on several instances at once (fulfilment is idempotent).
 */
import { and, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { orders, payments } from '../db/schema.js';
import { expirePendingOrders } from '../modules/orders/repository.js';
import { applyPaymentEvent, type EventOutcome } from './webhooks.js';

/** Checks up to `limit` stale pending checkouts; returns the outcomes. */
export async function reconcilePendingOrders(ctx: AppContext, limit = 50): Promise<EventOutcome[]> {
  const now = ctx.now();
  await expirePendingOrders(ctx.db, now);
  const stale = await ctx.db
    .select({ orderId: orders.id, sessionId: payments.providerSessionId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(payments.provider, ctx.payments.name),
        eq(payments.status, 'OPEN'),
        eq(orders.status, 'PENDING'),
        lte(payments.createdAt, new Date(now.getTime() - ctx.config.reconcileAfterMs)),
      ),
    )
    .limit(limit);
  const outcomes: EventOutcome[] = [];
  for (const { orderId, sessionId } of stale) {
    try {
      const status = await ctx.payments.fetchCheckoutStatus(sessionId);
      if (status.status === 'open') continue;
      outcomes.push(
        await applyPaymentEvent(ctx, ctx.payments.name, {
          id: `reconcile:${sessionId}:${status.status}`,
          type: `reconcile.${status.status}`,
          kind: status.status === 'paid' ? 'completed' : 'expired',
          orderId,
          sessionId,
          ...(status.paymentId && { paymentId: status.paymentId }),
        }),
      );
    } catch (error) {
      ctx.log.warn({ err: error, orderId }, 'reconciliation check failed; will retry');
    }
  }
  return outcomes;
}

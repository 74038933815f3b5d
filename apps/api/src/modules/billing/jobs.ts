/**
 * Billing's background work, run every minute (src/jobs/table.ts), safe on several instances at once:
 * - recording the expiry of orders whose payable time ran out (reads already show them EXPIRED);
 * - reconciliation: checkouts still open after RECONCILE_AFTER_MINUTES are checked with the
 *   provider, and what it says is applied as a provider event with a synthetic id per session
 *   and outcome, so a lost webhook is recovered and a late one afterwards changes nothing.
 */
import type { AppContext } from '../../context.js';
import { applyProviderEvent, type EventOutcome } from './events.js';
import { findLapsedPendingOrderIds, findStaleOpenCheckouts } from './repository.js';
import { transitionOrder } from './transitions.js';

/** Records EXPIRED on up to `limit` lapsed PENDING orders; returns how many changed. */
export async function expireLapsedOrders(ctx: AppContext, limit = 500): Promise<number> {
  const now = ctx.now();
  let changed = 0;
  for (const id of await findLapsedPendingOrderIds(ctx.db, now, limit)) {
    const result = await transitionOrder(
      ctx.db,
      id,
      { to: 'EXPIRED', cause: 'expiry' },
      { now, orderTtlMs: ctx.config.orderTtlMs },
    );
    if (result?.outcome === 'changed') {
      changed += 1;
      ctx.metrics.orderTransition(result.from, result.order.status, result.order.livemode);
    }
  }
  return changed;
}

/** Checks up to `limit` stale open checkouts with the provider; returns the outcomes applied. */
export async function reconcileOpenCheckouts(ctx: AppContext, limit = 50): Promise<EventOutcome[]> {
  const before = new Date(ctx.now().getTime() - ctx.config.reconcileAfterMs);
  const stale = await findStaleOpenCheckouts(ctx.db, ctx.payments.name, before, limit);
  const outcomes: EventOutcome[] = [];
  for (const { orderId, sessionId } of stale) {
    try {
      const status = await ctx.payments.fetchCheckoutStatus(sessionId);
      if (status.status === 'open') continue;
      outcomes.push(
        await applyProviderEvent(ctx, ctx.payments.name, {
          id: `reconcile:${sessionId}:${status.status}`,
          type: `reconcile.${status.status}`,
          kind: status.status === 'paid' ? 'completed' : 'expired',
          orderId,
          sessionId,
          livemode: status.livemode,
          ...(status.paymentId && { paymentId: status.paymentId }),
        }),
      );
    } catch (error) {
      ctx.log.warn({ err: error, orderId }, 'reconciliation check failed; will retry');
    }
  }
  return outcomes;
}

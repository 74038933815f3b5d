/**
 * Billing e-mails, sent after the transaction of the change commits: a receipt for every order
 * that became COMPLETED (a payment, the sandbox page, or an admin), a notice for every refund.
 * A delivery failure is logged, never thrown: the payment itself already happened.
 */
import { formatMoney, toMajorUnits } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { OrderRow } from '../../db/schema.js';
import { brandOf, templates, type Rendered } from '../../mail/templates.js';
import { findOrderBuyer } from './repository.js';
import type { TransitionResult } from './transitions.js';

/**
 * What follows a committed transition: counts it (`flockr_order_transitions_total`, lib/metrics.ts)
 * and sends what it calls for, a receipt (→ COMPLETED) or a refund notice.
 */
export async function notifyTransition(ctx: AppContext, result: TransitionResult): Promise<void> {
  if (result.outcome !== 'changed') return;
  ctx.metrics.orderTransition(result.from, result.order.status);
  if (result.order.status === 'COMPLETED') await sendReceipt(ctx, result.order);
  if (result.order.status === 'REFUNDED') await sendRefundNotice(ctx, result.order);
}

/** Sends `render(buyer)` to the order's buyer (unless the account was deleted); logs a failure. */
async function mailBuyer(
  ctx: AppContext,
  order: OrderRow,
  what: string,
  render: (buyer: { username: string; planName: string }, amount: string) => Rendered,
): Promise<void> {
  try {
    const buyer = await findOrderBuyer(ctx.db, order.id);
    if (!buyer || buyer.deleted) return;
    const amount = formatMoney(toMajorUnits(order.amountMinor, order.currency), order.currency);
    await ctx.mailer.send({ to: buyer.email, kind: 'transactional', ...render(buyer, amount) });
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, `${what} e-mail failed`);
  }
}

function sendReceipt(ctx: AppContext, order: OrderRow): Promise<void> {
  return mailBuyer(ctx, order, 'receipt', (buyer, amount) =>
    templates.receipt(brandOf(ctx.config), buyer.username, {
      orderId: order.id,
      planName: buyer.planName,
      period: order.durationMonths === 12 ? '12 months' : '1 month',
      amount,
      date: (order.completedAt ?? ctx.now()).toISOString().slice(0, 10),
    }),
  );
}

function sendRefundNotice(ctx: AppContext, order: OrderRow): Promise<void> {
  return mailBuyer(ctx, order, 'refund', (buyer, amount) =>
    templates.refund(brandOf(ctx.config), buyer.username, {
      orderId: order.id,
      planName: buyer.planName,
      amount,
    }),
  );
}

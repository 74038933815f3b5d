/**
 * Billing e-mails: a receipt for every order that became COMPLETED (a payment, the sandbox page,
 * or an admin), a notice for every refund. They are written to the e-mail outbox in the
 * transaction of the change ({@link queueTransitionMail}), so a rolled-back change sends nothing
 * and a change committed is never without its e-mail; after the commit {@link notifyTransition}
 * sends them (docs/jobs-and-email.md). A delivery failure is retried by the outbox, never thrown:
 * the payment itself already happened.
 */
import { formatMoney, toMajorUnits } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { brandOf, templates, type Rendered } from '../../mail/templates.js';
import { deliverOutbox, enqueueMail } from '../outbox/service.js';
import { findOrderBuyer } from './repository.js';
import type { TransitionResult } from './transitions.js';

/**
 * Writes the e-mail `result` calls for, a receipt (→ COMPLETED) or a refund notice, to the outbox
 * with `tx`, the transition's own transaction. Returns the outbox ids to pass to
 * {@link notifyTransition} (none when nothing changed or the buyer's account was deleted). The
 * dedupe key names the order and the instant of the change, so the same change never mails twice.
 */
export async function queueTransitionMail(
  ctx: AppContext,
  tx: Executor,
  result: TransitionResult,
): Promise<(string | undefined)[]> {
  if (result.outcome !== 'changed') return [];
  const order = result.order;
  if (order.status === 'COMPLETED') {
    const at = order.completedAt ?? ctx.now();
    return [
      await mailBuyer(
        ctx,
        tx,
        order,
        `receipt:${order.id}:${at.toISOString()}`,
        'receipt',
        (buyer, amount) =>
          templates.receipt(brandOf(ctx.config), buyer.username, {
            orderId: order.id,
            planName: buyer.planName,
            period: order.durationMonths === 12 ? '12 months' : '1 month',
            amount,
            date: at.toISOString().slice(0, 10),
            test: !order.livemode,
          }),
      ),
    ];
  }
  if (order.status === 'REFUNDED') {
    return [
      await mailBuyer(
        ctx,
        tx,
        order,
        `refund:${order.id}:${order.updatedAt.toISOString()}`,
        'refund',
        (buyer, amount) =>
          templates.refund(brandOf(ctx.config), buyer.username, {
            orderId: order.id,
            planName: buyer.planName,
            amount,
            test: !order.livemode,
          }),
      ),
    ];
  }
  return [];
}

/**
 * What follows a committed transition: counts it (`flockr_order_transitions_total`,
 * lib/metrics.ts) and sends the e-mails {@link queueTransitionMail} wrote (`mailIds`) at once.
 * Never throws.
 */
export async function notifyTransition(
  ctx: AppContext,
  result: TransitionResult,
  mailIds: (string | undefined)[],
): Promise<void> {
  if (result.outcome !== 'changed') return;
  ctx.metrics.orderTransition(result.from, result.order.status, result.order.livemode);
  await deliverOutbox(ctx, mailIds);
}

/** Writes `render(buyer)` for the order's buyer to the outbox (unless the account was deleted). */
async function mailBuyer(
  ctx: AppContext,
  tx: Executor,
  order: OrderRow,
  dedupeKey: string,
  kind: string,
  render: (buyer: { username: string; planName: string }, amount: string) => Rendered,
): Promise<string | undefined> {
  const buyer = await findOrderBuyer(tx, order.id);
  if (!buyer || buyer.deleted) return undefined;
  const amount = formatMoney(toMajorUnits(order.amountMinor, order.currency), order.currency);
  return enqueueMail(tx, ctx.now(), {
    to: buyer.email,
    kind,
    dedupeKey,
    ...render(buyer, amount),
  });
}

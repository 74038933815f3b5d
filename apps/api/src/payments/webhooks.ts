/**
 * Provider events → effects, exactly once (issue 6). Every event (a webhook, the sandbox page's
 * Pay, or a reconciliation finding) goes through `applyPaymentEvent`: in ONE transaction the
 * event id is recorded under a unique key and its effect applied, so a redelivered event (even
 * after a crash between commit and answer) finds its id and changes nothing. Effects never move an
 * order backwards: a COMPLETED order stays COMPLETED unless refunded.
 *
 * Effects by kind:
 * - completed: PENDING, EXPIRED or FAILED order → fulfilled (money was taken, so a late payment
 *   still counts); COMPLETED → nothing.
 * - failed: PENDING → FAILED. expired: PENDING → EXPIRED.
 * - refunded: COMPLETED → REFUNDED, and the unused time it granted is taken back.
 * - ignored: nothing (answered 2xx).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { API_ERRORS } from '@flockr/contract';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { paymentEvents, payments, type OrderRow } from '../db/schema.js';
import { badRequest, notFound } from '../lib/http-error.js';
import { lockOrder, updateOrder } from '../modules/orders/repository.js';
import { fulfilLockedOrder, revokeOrderTime } from './fulfilment.js';
import { sendRefundNotice, sendReceipt } from './notifications.js';
import { WebhookSignatureError, type PaymentEvent } from './provider.js';

export type EventOutcome =
  | 'duplicate'
  | 'fulfilled'
  | 'unchanged'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'ignored'
  | 'unknown-order';

/** Finds the order an event is about: its order id, else its session, else its payment id. */
async function orderIdOf(
  tx: Executor,
  provider: string,
  event: PaymentEvent,
): Promise<string | undefined> {
  if (event.orderId) return event.orderId;
  const where = event.sessionId
    ? and(eq(payments.provider, provider), eq(payments.providerSessionId, event.sessionId))
    : event.paymentId
      ? and(eq(payments.provider, provider), eq(payments.providerPaymentId, event.paymentId))
      : undefined;
  if (!where) return undefined;
  const [row] = await tx.select({ orderId: payments.orderId }).from(payments).where(where).limit(1);
  return row?.orderId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records `event` once and applies its effect in the same transaction; then sends the receipt or
 * refund notice. Returns what happened.
 */
export async function applyPaymentEvent(
  ctx: AppContext,
  provider: string,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const now = ctx.now();
  const result = await ctx.db.transaction(
    async (tx): Promise<{ outcome: EventOutcome; order?: OrderRow }> => {
      const found = await orderIdOf(tx, provider, event);
      const orderId = found && UUID.test(found) ? found : undefined;
      // Lock the order before recording the event: the event row's foreign key would otherwise
      // take a share lock first, and two deliveries upgrading their share locks would deadlock.
      if (orderId) await lockOrder(tx, orderId);
      const recorded = await tx
        .insert(paymentEvents)
        .values({ provider, eventId: event.id, type: event.type, orderId: orderId ?? null })
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { outcome: 'duplicate' };
      if (event.kind === 'ignored') return { outcome: 'ignored' };
      if (!orderId) return { outcome: 'unknown-order' };

      if (event.kind === 'completed') {
        const fulfilment = await fulfilLockedOrder(tx, orderId, now, [
          'PENDING',
          'EXPIRED',
          'FAILED',
        ]);
        if (fulfilment.outcome === 'not-found') return { outcome: 'unknown-order' };
        if (event.paymentId) {
          await tx
            .update(payments)
            .set({ providerPaymentId: event.paymentId })
            .where(and(eq(payments.orderId, orderId), eq(payments.provider, provider)));
        }
        return fulfilment.outcome === 'fulfilled'
          ? { outcome: 'fulfilled', order: fulfilment.order }
          : { outcome: 'unchanged' };
      }

      const order = await lockOrder(tx, orderId);
      if (!order) return { outcome: 'unknown-order' };
      if (event.kind === 'refunded') {
        if (order.status !== 'COMPLETED') return { outcome: 'unchanged' };
        await revokeOrderTime(tx, order, now);
        const refunded = await updateOrder(tx, order.id, { status: 'REFUNDED' });
        return { outcome: 'refunded', order: refunded };
      }
      if (order.status !== 'PENDING') return { outcome: 'unchanged' };
      const status = event.kind === 'failed' ? 'FAILED' : 'EXPIRED';
      await updateOrder(tx, order.id, { status });
      await tx.update(payments).set({ status }).where(eq(payments.orderId, order.id));
      return { outcome: event.kind === 'failed' ? 'failed' : 'expired' };
    },
  );
  if (result.outcome === 'fulfilled' && result.order) await sendReceipt(ctx, result.order);
  if (result.outcome === 'refunded' && result.order) await sendRefundNotice(ctx, result.order);
  ctx.log.info(
    { provider, eventId: event.id, type: event.type, outcome: result.outcome },
    'payment event',
  );
  return result.outcome;
}

/**
 * `POST /payments/webhooks/{provider}`: verifies the signature over the raw body with the active
 * provider and applies the event.
 * @throws 404 for a provider that is not the active one; 400 for a bad, missing or stale signature.
 */
export async function receiveWebhook(
  ctx: AppContext,
  providerName: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<{ received: true; outcome: EventOutcome }> {
  if (providerName !== ctx.payments.name) throw notFound(API_ERRORS.notFound);
  let event: PaymentEvent;
  try {
    event = ctx.payments.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest(API_ERRORS.webhookSignature);
    throw error;
  }
  return { received: true, outcome: await applyPaymentEvent(ctx, ctx.payments.name, event) };
}

/**
 * Provider events, each applied exactly once (README "Payments happen exactly once"; ADR 005).
 * Every event — a webhook, the sandbox page's buttons, a reconciliation finding — goes through
 * `applyProviderEvent`: in ONE transaction the order is locked, the event id is recorded under a
 * unique key, and the order moves along the transition table (transitions.ts). A redelivered event
 * (even after a crash between commit and answer) finds its id and changes nothing.
 *
 * Event kinds → wanted transition: completed → COMPLETED ('payment'); failed → FAILED
 * ('payment_failed'); expired → EXPIRED ('checkout_expired'); refunded → REFUNDED ('refund').
 * A transition the table refuses (e.g. a late "expired" after the payment) changes nothing.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { OrderStatus, OrderTransitionCause } from '@flockr/contract';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import {
  WebhookPayloadError,
  WebhookSignatureError,
  type PaymentEvent,
} from './providers/provider.js';
import { notifyTransition, queueTransitionMail } from './receipts.js';
import {
  findCheckoutSession,
  findOrderIdByPayment,
  insertPaymentEventOnce,
  lockOrder,
  setPaymentEventOutcome,
} from './repository.js';
import { applyTransition, type TransitionResult } from './transitions.js';

/** What an event did (stored with it; see contract PAYMENT_EVENT_OUTCOMES) or 'duplicate'. */
export type EventOutcome =
  | 'duplicate'
  | 'fulfilled'
  | 'unchanged'
  | 'failed'
  | 'expired'
  | 'refunded'
  | 'ignored'
  | 'unmatched';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The transition each event kind asks for, and the outcome it reports when applied. */
const WANTED: Record<
  Exclude<PaymentEvent['kind'], 'ignored'>,
  { to: OrderStatus; cause: OrderTransitionCause; outcome: EventOutcome }
> = {
  completed: { to: 'COMPLETED', cause: 'payment', outcome: 'fulfilled' },
  failed: { to: 'FAILED', cause: 'payment_failed', outcome: 'failed' },
  expired: { to: 'EXPIRED', cause: 'checkout_expired', outcome: 'expired' },
  refunded: { to: 'REFUNDED', cause: 'refund', outcome: 'refunded' },
};

/**
 * The order an event is about: its order id, else the order of its checkout session, else the
 * order its payment id was recorded for; undefined when it names nothing we know.
 */
async function orderIdOf(
  db: Executor,
  provider: string,
  event: PaymentEvent,
): Promise<string | undefined> {
  if (event.orderId) return UUID.test(event.orderId) ? event.orderId : undefined;
  if (event.sessionId) return (await findCheckoutSession(db, provider, event.sessionId))?.order.id;
  if (event.paymentId) return findOrderIdByPayment(db, provider, event.paymentId);
  return undefined;
}

/**
 * Records `event` once and applies it in the same transaction, writing the receipt or refund
 * notice to the e-mail outbox in it too; after the commit sends them. Returns what happened. An event we can read but whose order we do not have (another
 * shop on the same provider account, a test event) is recorded as 'unmatched' with the reference
 * it named, logged as a warning and acknowledged: a 5xx would make the provider retry it for days
 * (Stripe docs, "Handle webhook events").
 */
export async function applyProviderEvent(
  ctx: AppContext,
  provider: string,
  event: PaymentEvent,
): Promise<EventOutcome> {
  const now = ctx.now();
  const reference = event.orderId ?? event.sessionId ?? event.paymentId;
  const result = await ctx.db.transaction(
    async (
      tx,
    ): Promise<{
      outcome: EventOutcome;
      transition?: TransitionResult;
      mail?: (string | undefined)[];
    }> => {
      const found = await orderIdOf(tx, provider, event);
      // Lock the order before recording the event: the event row's foreign key would otherwise
      // take a share lock first, and two deliveries upgrading their share locks would deadlock.
      const locked = found ? await lockOrder(tx, found) : undefined;
      const eventRowId = await insertPaymentEventOnce(tx, {
        provider,
        eventId: event.id,
        type: event.type,
        orderId: locked?.id ?? null,
        reference: reference ?? null,
        livemode: event.livemode,
      });
      if (!eventRowId) return { outcome: 'duplicate' };
      let outcome: EventOutcome;
      let transition: TransitionResult | undefined;
      if (event.kind === 'ignored') {
        outcome = 'ignored';
      } else if (!locked) {
        outcome = 'unmatched';
      } else {
        const wanted = WANTED[event.kind];
        transition = await applyTransition(
          tx,
          locked,
          {
            to: wanted.to,
            cause: wanted.cause,
            providerEventId: eventRowId,
            providerPaymentId: event.paymentId,
            livemode: event.livemode,
          },
          { now, orderTtlMs: ctx.config.orderTtlMs },
        );
        outcome = transition.outcome === 'changed' ? wanted.outcome : 'unchanged';
      }
      await setPaymentEventOutcome(tx, eventRowId, outcome);
      // The receipt or refund notice commits with the change (docs/jobs-and-email.md).
      const mail = transition ? await queueTransitionMail(ctx, tx, transition) : [];
      return { outcome, transition, mail };
    },
  );
  if (result.transition) await notifyTransition(ctx, result.transition, result.mail ?? []);
  const fields = { provider, eventId: event.id, type: event.type, outcome: result.outcome };
  if (result.outcome === 'unmatched') {
    ctx.log.warn({ ...fields, reference }, 'payment event for an unknown order');
  } else {
    ctx.log.info(fields, 'payment event');
  }
  return result.outcome;
}

/**
 * `POST /payments/webhooks/{provider}`: verifies the signature over the raw body with the active
 * provider and applies the event.
 * @throws 404 NOT_FOUND for a provider that is not the active one; 400
 * WEBHOOK_SIGNATURE_INVALID for a bad, missing or stale signature; 400 WEBHOOK_PAYLOAD_INVALID for
 * a signed body that is not an event.
 */
export async function receiveWebhook(
  ctx: AppContext,
  providerName: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
): Promise<{ received: true; outcome: EventOutcome }> {
  if (providerName !== ctx.payments.name) throw notFound('notFound');
  let event: PaymentEvent;
  try {
    event = ctx.payments.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw badRequest('webhookSignature');
    if (error instanceof WebhookPayloadError) throw badRequest('webhookPayload');
    throw error;
  }
  return { received: true, outcome: await applyProviderEvent(ctx, ctx.payments.name, event) };
}

/**
 * Reduces Stripe-shaped events to a {@link PaymentEvent}. Both providers use Stripe's event shape:
 * Stripe itself, and the sandbox, whose page sends the same events signed the same way.
 * Rules from Stripe's Checkout fulfilment guide: fulfil on `checkout.session.completed` when
 * `payment_status` is `paid`, and on `checkout.session.async_payment_succeeded`; never on the
 * success redirect alone.
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import { isCleanText } from '@flockr/contract';
import { WebhookPayloadError, type PaymentEvent } from './provider.js';

/** A provider id (event, session, payment): short printable text. */
const providerId = z
  .string()
  .min(1)
  .max(255)
  .refine((v) => isCleanText(v));
/** An id or an expanded object carrying one (Stripe's expandable fields). */
const expandable = z.union([providerId, z.object({ id: providerId })]).nullish();

/**
 * The parts of a Stripe event this file reads, checked before use: a signed event whose shape is
 * not Stripe's (a provider bug, a test tool) is refused as unreadable instead of failing deep in
 * the database. Other fields pass through untouched (Stripe API reference, "The Event object").
 */
const eventEnvelope = z.looseObject({
  id: providerId,
  type: z.string().min(1).max(255),
  // Every Stripe event says whether it happened in live mode; one that does not is read as test.
  livemode: z.boolean().optional(),
  data: z.looseObject({ object: z.looseObject({}) }),
});
const checkoutSessionShape = z.looseObject({
  id: providerId,
  client_reference_id: providerId.nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  payment_intent: expandable,
  payment_status: z.string().nullish(),
});
const chargeShape = z.looseObject({
  amount: z.number(),
  amount_refunded: z.number(),
  payment_intent: expandable,
});

const orderOf = (session: Stripe.Checkout.Session) => {
  const fromMetadata = session.metadata?.order_id;
  return (
    session.client_reference_id ?? (typeof fromMetadata === 'string' ? fromMetadata : undefined)
  );
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/**
 * The {@link PaymentEvent} of a verified Stripe-shaped event.
 * @throws WebhookPayloadError when the event lacks what this function reads.
 */
export function toPaymentEvent(verified: Stripe.Event): PaymentEvent {
  const envelope = eventEnvelope.safeParse(verified);
  if (!envelope.success) throw new WebhookPayloadError('Not a Stripe event');
  const event = verified;
  const shape = event.type.startsWith('checkout.session.')
    ? checkoutSessionShape
    : event.type === 'charge.refunded'
      ? chargeShape
      : undefined;
  if (shape && !shape.safeParse(event.data.object).success)
    throw new WebhookPayloadError(`Malformed ${event.type} event`);
  // Only an event that says so itself is live: never assumed from our configuration.
  const base = { id: event.id, type: event.type, livemode: envelope.data.livemode === true };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const common = {
        ...base,
        orderId: orderOf(session),
        sessionId: session.id,
        paymentId: idOf(session.payment_intent),
      };
      if (event.type === 'checkout.session.expired') return { ...common, kind: 'expired' };
      if (event.type === 'checkout.session.async_payment_failed')
        return { ...common, kind: 'failed' };
      // A completed session with a delayed payment method is not paid yet: wait for async_payment_succeeded.
      if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid')
        return { ...common, kind: 'ignored' };
      return { ...common, kind: 'completed' };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // Only a full refund ends the order; a partial one is left to an admin.
      if (charge.amount_refunded < charge.amount) return { ...base, kind: 'ignored' };
      return { ...base, kind: 'refunded', paymentId: idOf(charge.payment_intent) };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

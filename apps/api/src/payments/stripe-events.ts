/**
 * Reduces Stripe-shaped events to a {@link PaymentEvent}. Both providers use Stripe's event shape:
 * Stripe itself, and the sandbox, whose page sends the same events signed the same way.
 * Rules from Stripe's Checkout fulfilment guide: fulfil on `checkout.session.completed` when
 * `payment_status` is `paid`, and on `checkout.session.async_payment_succeeded`; never on the
 * success redirect alone.
 */
import type Stripe from 'stripe';
import type { PaymentEvent } from './provider.js';

const orderOf = (session: Stripe.Checkout.Session) =>
  session.client_reference_id ?? (session.metadata?.order_id as string | undefined) ?? undefined;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** The {@link PaymentEvent} of a verified Stripe-shaped event. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
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

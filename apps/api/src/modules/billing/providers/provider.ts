/**
 * The payment provider interface. A provider opens hosted checkouts, verifies and parses its
 * webhook events, and answers what happened to a checkout. Nothing outside providers/ knows which
 * provider is configured: every event goes through billing/events.ts `applyProviderEvent` and
 * from there the order transition table (billing/transitions.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';

/** What a provider needs to open a hosted checkout for an order. */
export interface CheckoutRequest {
  orderId: string;
  userId: string;
  planName: string;
  durationMonths: number;
  /** Integer minor units. */
  amountMinor: number;
  currency: string;
  /** When the checkout must stop accepting payment (the order's expiry), UTC. */
  expiresAt: Date;
  /** Where the payer returns after paying or cancelling. */
  returnUrl: string;
}

/** A hosted checkout session at the provider. */
export interface CheckoutSession {
  /** The provider's session id (unique per provider). */
  sessionId: string;
  /** The hosted payment page (`payment_url`). */
  url: string;
  /**
   * Whether the provider opened it in live mode, as its own object says (Stripe's
   * `checkout.session.livemode`); always false for the sandbox.
   */
  livemode: boolean;
}

/**
 * A provider event reduced to what fulfilment needs:
 * - completed: the checkout was paid (card) or an async payment succeeded
 * - failed: an async payment failed
 * - expired: the checkout expired unpaid
 * - refunded: money went back to the buyer
 * - ignored: any other event type (answered 2xx, nothing changes)
 */
export interface PaymentEvent {
  /** The provider's unique event id (dedupe key). */
  id: string;
  /** The provider's event type, e.g. checkout.session.completed. */
  type: string;
  kind: 'completed' | 'failed' | 'expired' | 'refunded' | 'ignored';
  orderId?: string;
  sessionId?: string;
  /** The provider's payment id (Stripe PaymentIntent), for refunds and records. */
  paymentId?: string;
  /**
   * Whether the event happened in live mode, from the verified event itself (Stripe's
   * `event.livemode`; the sandbox's are always false). An order is recorded as paid in the mode
   * of the event that paid it (docs/billing.md "Test mode").
   */
  livemode: boolean;
}

/** Raised by `parseWebhook` when the signature is missing, wrong or stale. */
export class WebhookSignatureError extends Error {}

/** Raised by `parseWebhook` when a correctly signed body is not an event it can read. */
export class WebhookPayloadError extends Error {}

/** What the provider says about a checkout session now (reconciliation). */
export interface CheckoutStatus {
  status: 'paid' | 'open' | 'expired';
  paymentId?: string;
  /** The retrieved session's own `livemode` (the sandbox's: false). */
  livemode: boolean;
}

/** What the buyer did on a hosted payment page this server serves itself. */
export type PageAction = 'pay' | 'cancel';

/** A signed webhook delivery: the raw body and its headers. */
export interface SignedDelivery {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

export interface PaymentProvider {
  /** Provider name stored with each payment and used in the webhook path, e.g. 'sandbox' or 'stripe'. */
  readonly name: string;
  /** Opens a hosted checkout for one order. Called at most once per order and provider. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the raw request body (300 s tolerance) and returns the event.
   * @throws WebhookSignatureError; WebhookPayloadError for a signed body it cannot read
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent;
  /** Asks the provider about a checkout (used to recover lost webhooks). */
  fetchCheckoutStatus(sessionId: string): Promise<CheckoutStatus>;
  /**
   * Only for a provider whose payment page this server serves (the sandbox): the signed event
   * the page's button sends (Pay: the checkout completed and paid; Cancel: the payment failed),
   * delivered through the same webhook path as any provider event.
   */
  pageEvent?(orderId: string, sessionId: string, action: PageAction): SignedDelivery;
}

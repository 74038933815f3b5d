/**
 * Stripe Checkout in payment mode through Stripe's official SDK (PAYMENT_PROVIDER=stripe).
 * One Checkout Session per order, created with an idempotency key derived from the order and
 * expiring with the order (Stripe allows 30 minutes to 24 hours). Webhooks are verified with
 * `Stripe-Signature` over the raw body with a 300 s tolerance (Stripe's webhook docs).
 */
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutSession,
  CheckoutStatus,
  PaymentEvent,
  PaymentProvider,
} from './provider.js';
import { WebhookSignatureError } from './provider.js';
import { WEBHOOK_TOLERANCE_SECONDS } from './sandbox.js';
import { toPaymentEvent } from './stripe-events.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
  /** Tests only: the base URL of a local stand-in for Stripe's API. */
  apiUrl?: string;
  now?: () => Date;
}

const MIN_SESSION_MS = 31 * 60_000;
const MAX_SESSION_MS = 24 * 60 * 60_000 - 60_000;

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(api && {
        host: api.hostname,
        port: Number(api.port || 80),
        protocol: api.protocol.replace(':', '') as 'http' | 'https',
      }),
    });
  }

  /**
   * Creates the order's Checkout Session. The idempotency key `checkout-{orderId}` makes a retried
   * request return the same session instead of a second one.
   */
  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const now = (this.settings.now ?? (() => new Date()))().getTime();
    const until = Math.min(
      Math.max(request.expiresAt.getTime(), now + MIN_SESSION_MS),
      now + MAX_SESSION_MS,
    );
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.orderId,
        metadata: { order_id: request.orderId, user_id: request.userId },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              product_data: {
                name: `${request.planName} — ${request.durationMonths === 12 ? '12 months' : '1 month'}`,
              },
            },
          },
        ],
        success_url: `${request.returnUrl}?checkout=success`,
        cancel_url: `${request.returnUrl}?checkout=cancelled`,
        expires_at: Math.floor(until / 1000),
      },
      { idempotencyKey: `checkout-${request.orderId}` },
    );
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { sessionId: session.id, url: session.url, livemode: session.livemode === true };
  }

  /** Verifies `Stripe-Signature` and reduces the event. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent {
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string') throw new WebhookSignatureError('Missing Stripe-Signature');
    let verified: Stripe.Event;
    try {
      verified = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature');
    }
    return toPaymentEvent(verified);
  }

  /** Retrieves the session: paid, expired, or still open, and its own `livemode`. */
  async fetchCheckoutStatus(sessionId: string): Promise<CheckoutStatus> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    const livemode = session.livemode === true;
    const paymentId =
      typeof session.payment_intent === 'string'
        ? session.payment_intent
        : session.payment_intent?.id;
    if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
      return { status: 'paid', livemode, ...(paymentId && { paymentId }) };
    }
    return { status: session.status === 'expired' ? 'expired' : 'open', livemode };
  }
}

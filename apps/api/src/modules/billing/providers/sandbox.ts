/**
 * The sandbox payment provider (the embedded default, PAYMENT_PROVIDER=sandbox). Its hosted page
 * is served by this server at `/sandbox/checkout/{sessionId}` and looks like an external checkout.
 * Its Pay and Cancel buttons make the provider send a signed event, in Stripe's shape and signed
 * the way Stripe signs (with the Stripe SDK's signing helper), into the same webhook path
 * Stripe's events take (billing/events.ts `receiveWebhook`). No real money moves.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutSession,
  CheckoutStatus,
  PageAction,
  PaymentEvent,
  PaymentProvider,
  SignedDelivery,
} from './provider.js';
import { WebhookSignatureError } from './provider.js';
import { toPaymentEvent } from './stripe-events.js';

/** Header carrying the sandbox signature (same format as Stripe-Signature). */
const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Signature tolerance in seconds (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly secret: string;
  private readonly stripe = new Stripe('sk_sandbox_unused');

  /**
   * `publicUrl`: the site's origin. `signingKey`: the secret events are signed with (derived from
   * the app secret, so nothing extra has to be configured).
   */
  constructor(
    private readonly publicUrl: string,
    signingKey: string,
  ) {
    this.secret = `whsec_${createHmac('sha256', signingKey).update('sandbox-webhook').digest('hex')}`;
  }

  /**
   * Opens a sandbox checkout: an unguessable session id (192 random bits) and its page URL. Test
   * mode always: the sandbox never takes money.
   */
  async createCheckout(_request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
    return { sessionId, url: `${this.publicUrl}/sandbox/checkout/${sessionId}`, livemode: false };
  }

  /**
   * The event the sandbox page's button sends, in Stripe's shape and signed as Stripe signs:
   * Pay → `checkout.session.completed` (paid); Cancel → `checkout.session.async_payment_failed`
   * (the buyer gave up: the order becomes FAILED). `eventId` is the event's id, given when the
   * same event is delivered again (a provider redelivers under the same id); a new random one
   * when omitted. Returns the raw JSON body and its headers.
   */
  pageEvent(
    orderId: string,
    sessionId: string,
    action: PageAction,
    eventId = `evt_sbx_${randomBytes(12).toString('hex')}`,
  ): SignedDelivery {
    const event = {
      id: eventId,
      object: 'event',
      livemode: false,
      type:
        action === 'pay' ? 'checkout.session.completed' : 'checkout.session.async_payment_failed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          client_reference_id: orderId,
          payment_status: action === 'pay' ? 'paid' : 'unpaid',
          status: action === 'pay' ? 'complete' : 'open',
          payment_intent: `pi_sbx_${randomBytes(12).toString('hex')}`,
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.secret,
    });
    return {
      rawBody: Buffer.from(payload),
      headers: { [SANDBOX_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
    };
  }

  /** Verifies a sandbox event's signature (300 s tolerance) and reduces it. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentEvent {
    const signature = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof signature !== 'string') throw new WebhookSignatureError('Missing signature');
    let verified: Stripe.Event;
    try {
      verified = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.secret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature');
    }
    // Test mode whatever the body says: the sandbox never takes money.
    return { ...toPaymentEvent(verified), livemode: false };
  }

  /** The sandbox has no state of its own: a session is open until Pay sends its event. */
  async fetchCheckoutStatus(_sessionId: string): Promise<CheckoutStatus> {
    return { status: 'open', livemode: false };
  }
}

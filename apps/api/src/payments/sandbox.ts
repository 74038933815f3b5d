/**
 * The sandbox payment provider (the embedded default, PAYMENT_PROVIDER=sandbox). Its hosted
 * payment page is served by this server at `/sandbox/checkout/{sessionId}` and looks like an
 * external checkout; its Pay and Cancel buttons call the sandbox routes
 * (modules/payments/sandbox-routes.ts), which complete the order through `fulfilOrder` like any
 * provider's confirmation. No real money moves.
 */
import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider.js';

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';

  /** `publicUrl`: the site's origin, e.g. http://localhost:3000. */
  constructor(private readonly publicUrl: string) {}

  /** Opens a sandbox checkout: an unguessable session id (192 random bits) and its page URL. */
  async createCheckout(_request: CheckoutRequest): Promise<CheckoutSession> {
    const sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
    return { sessionId, url: `${this.publicUrl}/sandbox/checkout/${sessionId}` };
  }
}

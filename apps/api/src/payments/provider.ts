/**
 * The payment provider interface (ARCHITECTURE habit 8). Fulfilment never depends on which
 * provider took the money: a provider only creates hosted checkouts; confirmed payments go
 * through `fulfilOrder` (fulfilment.ts).
 */

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
}

export interface PaymentProvider {
  /** Provider name stored with each payment, e.g. 'sandbox' or 'stripe'. */
  readonly name: string;
  /** Opens a hosted checkout for one order. Called at most once per order and provider. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
}

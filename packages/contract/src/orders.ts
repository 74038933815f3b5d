/** Payment orders and payments (requirements §3, §4 and §7). */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paginationQuerySchema, paginationSchema } from './common.js';
import { SUBSCRIPTION_DURATIONS } from './constants.js';
import { sellerSchema } from './site.js';
import { tokenText } from './text.js';

export const ORDER_STATUSES = [
  'PENDING',
  'COMPLETED',
  'FAILED',
  'EXPIRED',
  'CANCELLED',
  'REFUNDED',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * Why an order's status changes:
 * - `payment`: the provider confirmed the money (webhook, reconciliation, the sandbox page's Pay);
 * - `payment_failed`: the provider reported an asynchronous payment failed, or the buyer
 *   cancelled on the payment page;
 * - `checkout_expired`: the provider's checkout expired unpaid;
 * - `refund`: the provider reported a full refund;
 * - `expiry`: the order's own payable time (`expires_at`) ran out;
 * - `admin`: an admin set it, with an optional note.
 */
export const ORDER_TRANSITION_CAUSES = [
  'payment',
  'payment_failed',
  'checkout_expired',
  'refund',
  'expiry',
  'admin',
] as const;
export type OrderTransitionCause = (typeof ORDER_TRANSITION_CAUSES)[number];

/**
 * The order state machine: for each status, the statuses that may follow and the causes that may
 * move it there. Anything not listed is refused (an admin gets 409; a provider event changes
 * nothing). docs/billing.md explains each line. Effects (applied by the server in the same
 * transaction): → COMPLETED grants the paid period; COMPLETED → REFUNDED or CANCELLED takes back
 * its unused time; FAILED → PENDING makes the order payable for another ORDER_TTL.
 *
 * A payment that arrives after the order failed or expired still completes it: the money was
 * taken. REFUNDED and CANCELLED are final.
 */
export const ORDER_TRANSITIONS: Readonly<
  Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderTransitionCause[]>>>
> = {
  PENDING: {
    COMPLETED: ['payment', 'admin'],
    FAILED: ['payment_failed', 'admin'],
    EXPIRED: ['expiry', 'checkout_expired'],
    CANCELLED: ['admin'],
  },
  FAILED: {
    PENDING: ['admin'],
    COMPLETED: ['payment', 'admin'],
    CANCELLED: ['admin'],
  },
  EXPIRED: {
    COMPLETED: ['payment', 'admin'],
    CANCELLED: ['admin'],
  },
  COMPLETED: {
    REFUNDED: ['refund', 'admin'],
    CANCELLED: ['admin'],
  },
  REFUNDED: {},
  CANCELLED: {},
};

/** True when `cause` may move an order from `from` to `to` (see {@link ORDER_TRANSITIONS}). */
export function canTransition(
  from: OrderStatus,
  to: OrderStatus,
  cause: OrderTransitionCause,
): boolean {
  return ORDER_TRANSITIONS[from][to]?.includes(cause) ?? false;
}

/** The statuses an admin may move an order in `from` to (the admin order dialog's choices). */
export function adminTargets(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(from, to, 'admin'));
}

/**
 * The status an order has at `now`: a PENDING order whose payable time has run out reads as
 * EXPIRED at once, everywhere, before the minute job writes it down.
 */
export function effectiveOrderStatus(
  order: { status: OrderStatus; expiresAt: Date },
  now: Date,
): OrderStatus {
  return order.status === 'PENDING' && order.expiresAt <= now ? 'EXPIRED' : order.status;
}

/** Subscription length in months: 1 (monthly) or 12 (yearly). */
export const durationMonthsSchema = z.union(
  SUBSCRIPTION_DURATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<12>],
  { error: 'duration_months must be 1 (monthly) or 12 (yearly)' },
);

/** A payment order as its owner sees it (requirements §3). `amount` is decimal. */
export const orderSchema = z
  .object({
    id: idSchema,
    user_id: idSchema,
    plan_id: idSchema,
    plan_name: z.string(),
    duration_months: durationMonthsSchema,
    amount: z.number().describe('Decimal amount in `currency`'),
    currency: z.string().length(3),
    status: orderStatusSchema,
    created_at: isoDateTimeSchema,
    expires_at: isoDateTimeSchema.describe('When a PENDING order stops being payable'),
    completed_at: isoDateTimeSchema.nullable(),
    payment_url: z.string().nullable().describe('Hosted payment page, once a payment was created'),
    qr_code_url: z.string().nullable().describe('PNG QR code of `payment_url`'),
    livemode: z
      .boolean()
      .describe(
        "false for a test order (sandbox, or a provider's test mode): no money moved, and no business figure counts it",
      ),
  })
  .describe('Payment order');
export type Order = z.infer<typeof orderSchema>;

/** `POST /subscriptions/subscribe` payload (requirements §7). */
export const subscribeRequestSchema = z.object({
  plan_id: idSchema,
  duration_months: durationMonthsSchema,
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** `POST /subscriptions/subscribe` answer: the new PENDING order's id (and the order). */
export const subscribeResponseSchema = z.object({ order_id: idSchema, order: orderSchema });
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

/** `POST /payments/create` payload. */
export const createPaymentRequestSchema = z.object({ order_id: idSchema });
export type CreatePaymentRequest = z.infer<typeof createPaymentRequestSchema>;

/** `POST /payments/create` answer: where to pay (open in a new tab) and its QR image. */
export const createPaymentResponseSchema = z.object({
  order_id: idSchema,
  payment_url: z.string(),
  qr_code_url: z.string(),
  expires_at: isoDateTimeSchema,
});
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

/** `GET /payments/orders` query: paging and an optional status filter. */
export const ordersQuerySchema = paginationQuerySchema.extend({
  status: orderStatusSchema.optional(),
});
export type OrdersQuery = z.input<typeof ordersQuerySchema>;

/** `GET /payments/orders` answer. Newest first. */
export const ordersResponseSchema = z.object({
  orders: z.array(orderSchema),
  pagination: paginationSchema,
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/** `GET /payments/orders/{id}/status` answer: the order status, polled after paying. */
export const orderStatusResponseSchema = z.object({
  order_id: idSchema,
  status: orderStatusSchema,
  completed_at: isoDateTimeSchema.nullable(),
  expires_at: isoDateTimeSchema,
});
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

/**
 * The sandbox payment page's view of a checkout session (our built-in payment provider). The
 * session id in the URL is the capability (as with a hosted checkout URL), so the page opens on
 * any device without signing in; it shows only what a payment page needs: merchant, plan, amount
 * and the order's short reference, never the buyer's e-mail or other orders.
 */
export const sandboxCheckoutSchema = z.object({
  session_id: z.string(),
  order_ref: z.string().describe("The order's last 8 characters"),
  plan_name: z.string(),
  duration_months: durationMonthsSchema,
  amount: z.number(),
  currency: z.string().length(3),
  status: orderStatusSchema,
  expires_at: isoDateTimeSchema,
  merchant: z.string().describe('Product name shown as the merchant'),
  seller: sellerSchema.describe('Who sells it (legal name, address, support e-mail)'),
  prices_include_tax: z.boolean(),
  return_url: z.string().describe('Where to go after paying or cancelling'),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/** Answer of the sandbox payment page's Pay and Cancel buttons. */
export const sandboxActionResponseSchema = z.object({
  order_ref: z.string(),
  status: orderStatusSchema,
  return_url: z.string(),
});
export type SandboxActionResponse = z.infer<typeof sandboxActionResponseSchema>;

/** Path parameter `{sessionId}` of a checkout session (ours `sbx_…`, Stripe's `cs_…`). */
export const checkoutSessionParamsSchema = z.object({
  sessionId: tokenText(200, 'Invalid payment session id'),
});

/** Path parameter `{provider}` of `POST /payments/webhooks/{provider}`. */
export const webhookProviderParamsSchema = z.object({
  provider: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'Unknown payment provider')
    .describe('Payment provider name, e.g. stripe or sandbox'),
});

/** Answer of `POST /payments/webhooks/{provider}`: received, and what the event did. */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  outcome: z
    .string()
    .describe('fulfilled, unchanged, failed, expired, refunded, ignored, unmatched or duplicate'),
});

/** Payment orders and payments (spec sections 3, 4 and 7). */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, paginationQuerySchema, paginationSchema } from './common.js';
import { SUBSCRIPTION_DURATIONS } from './constants.js';

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

/** Subscription length in months: 1 (monthly) or 12 (yearly). */
export const durationMonthsSchema = z.union(
  SUBSCRIPTION_DURATIONS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<12>],
  { error: 'duration_months must be 1 (monthly) or 12 (yearly)' },
);

/** A payment order as its owner sees it (spec section 3). `amount` is decimal. */
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
  })
  .describe('Payment order');
export type Order = z.infer<typeof orderSchema>;

/** `POST /subscriptions/subscribe` payload (spec section 7). */
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

/** The sandbox checkout page's view of a payment session (our embedded payment provider). */
export const sandboxCheckoutSchema = z.object({
  session_id: z.string(),
  order_id: idSchema,
  plan_name: z.string(),
  duration_months: durationMonthsSchema,
  amount: z.number(),
  currency: z.string().length(3),
  status: orderStatusSchema,
  expires_at: isoDateTimeSchema,
  merchant: z.string().describe('Product name shown as the merchant'),
  return_url: z.string().describe('Where to go after paying or cancelling'),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

/** Answer of the sandbox checkout's Pay and Cancel buttons. */
export const sandboxActionResponseSchema = z.object({
  order_id: idSchema,
  status: orderStatusSchema,
  return_url: z.string(),
});
export type SandboxActionResponse = z.infer<typeof sandboxActionResponseSchema>;

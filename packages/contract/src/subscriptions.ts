/** Subscriptions (spec section 7: my-subscriptions and cancel). */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { subscriptionStatusSchema } from './users.js';

/** One prepaid period and the order that paid for it. */
export const subscriptionPeriodSchema = z.object({
  order_id: idSchema,
  plan_name: z.string(),
  starts_at: isoDateTimeSchema,
  ends_at: isoDateTimeSchema,
});
export type SubscriptionPeriod = z.infer<typeof subscriptionPeriodSchema>;

/** A user's subscription: current plan, status, dates and the periods that make it up. */
export const subscriptionSchema = z
  .object({
    id: idSchema,
    plan_id: idSchema,
    plan_name: z.string(),
    status: subscriptionStatusSchema,
    started_at: isoDateTimeSchema,
    expires_at: isoDateTimeSchema.describe('Access ends at this instant'),
    cancel_at_period_end: z.boolean(),
    periods: z.array(subscriptionPeriodSchema),
  })
  .describe('Subscription');
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /subscriptions/my-subscriptions` answer. `subscription` is the current one or null. */
export const mySubscriptionsResponseSchema = z.object({
  subscription: subscriptionSchema.nullable(),
  subscriptions: z.array(subscriptionSchema),
});
export type MySubscriptionsResponse = z.infer<typeof mySubscriptionsResponseSchema>;

/** `DELETE /subscriptions/{id}/cancel` answer. */
export const cancelSubscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
export type CancelSubscriptionResponse = z.infer<typeof cancelSubscriptionResponseSchema>;

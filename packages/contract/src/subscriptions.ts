/** Subscriptions (requirements §7: my-subscriptions and cancel). */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { durationMonthsSchema } from './orders.js';
import { subscriptionStatusSchema, type SubscriptionStatus } from './users.js';

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

/**
 * `GET /subscriptions/quote` query: the plan and period the buyer is about to pay for.
 * `duration_months` arrives as text in the query string ("1" or "12").
 */
export const quoteQuerySchema = z.object({
  plan_id: idSchema,
  duration_months: z.coerce.number().pipe(durationMonthsSchema),
});
export type QuoteQuery = z.input<typeof quoteQuerySchema>;

/**
 * What paying for a plan would do now (README "Subscriptions"): NEW (nothing active: starts
 * now), RENEWAL (same plan or same monthly price: starts at the current expiry), UPGRADE (higher
 * monthly price: starts now, the time left converted pro rata by monthly price and added first),
 * DOWNGRADE (lower monthly price: starts when the current period ends).
 */
export const planChangeSchema = z.enum(['NEW', 'RENEWAL', 'UPGRADE', 'DOWNGRADE']);
export type PlanChange = z.infer<typeof planChangeSchema>;

/**
 * `GET /subscriptions/quote` answer: the price due today (decimal, in `currency`) and the period
 * the payment would grant if it arrived now, computed by the same rule as a paid order. `current`
 * is the plan in force (null when nothing is active): `remaining_seconds` of it are left and, on
 * an UPGRADE, become `carried_over_seconds` of the new plan (0 otherwise).
 */
export const quoteResponseSchema = z
  .object({
    plan_id: idSchema,
    plan_name: z.string(),
    duration_months: durationMonthsSchema,
    amount: z.number().describe('Price due today'),
    currency: z.string().length(3),
    change: planChangeSchema,
    starts_at: isoDateTimeSchema.describe('When the paid period would start'),
    ends_at: isoDateTimeSchema.describe('When access would end'),
    current: z
      .object({
        plan_id: idSchema,
        plan_name: z.string(),
        expires_at: isoDateTimeSchema,
        monthly_price: z.number(),
        remaining_seconds: z.number().int().min(0),
      })
      .nullable(),
    carried_over_seconds: z.number().int().min(0),
  })
  .describe('Quote');
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

const renewalDateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});

/** A subscription's end as the renewal sentence writes it, e.g. 'Dec 23, 2026' (UTC), as the app writes dates. */
export function renewalDate(iso: string): string {
  return renewalDateFormat.format(new Date(iso));
}

/**
 * The one sentence about renewal, shown wherever a subscription is (profile, orders, admin):
 * subscriptions are prepaid periods that never renew or charge by themselves (README "Product
 * decisions": paying again extends from the later of now and the current end), so an ACTIVE one
 * is 'Paid through Dec 23, 2026 · renew any time', one set to end (CANCELLED: no renewal
 * reminders) 'Ends Dec 23, 2026', and an EXPIRED one 'Ended Dec 23, 2026'.
 */
export function renewalSentence(subscription: {
  status: SubscriptionStatus;
  expires_at: string;
}): string {
  const date = renewalDate(subscription.expires_at);
  if (subscription.status === 'EXPIRED') return `Ended ${date}`;
  if (subscription.status === 'CANCELLED') return `Ends ${date}`;
  return `Paid through ${date} · renew any time`;
}

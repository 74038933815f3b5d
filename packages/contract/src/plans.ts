/** Plan shapes (requirements §3) for `GET /subscriptions/plans` and the admin plan calls. */
import { z } from 'zod';
import { afterExpiryAccessSchema } from './updates.js';
import { entitlementSchema } from './licenses.js';
import { idSchema, isoDateTimeSchema } from './common.js';

/** Decimal price as the API shows it, e.g. 19.99 (stored as integer cents). */
export const priceSchema = z
  .number({ error: 'Price must be a number' })
  .min(0, 'Price cannot be negative')
  .max(1_000_000, 'Price is too large')
  .multipleOf(0.01, 'Price can have at most 2 decimals')
  .describe('Decimal amount in the plan currency, step 0.01');

/** A plan as the public plans page sees it. */
export const planSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    monthly_price: z.number().describe('Price of 1 month, decimal'),
    yearly_price: z.number().describe('Price of 12 months, decimal'),
    currency: z.string().length(3).describe('ISO 4217 code'),
    features: z.array(z.string()),
    is_active: z.boolean(),
    yearly_discount_percentage: z.number().int().describe('Whole percent saved by paying yearly'),
    created_at: isoDateTimeSchema,
  })
  .describe('Plan');
export type Plan = z.infer<typeof planSchema>;

/** A plan as admins see it: adds subscriber count and revenue (completed minus refunded). */
export const adminPlanSchema = planSchema.extend({
  after_expiry_access: afterExpiryAccessSchema.describe(
    'What the plan gives after its subscription ends (docs/updates.md "Access")',
  ),
  entitlements: z
    .array(entitlementSchema)
    .default([])
    .describe('What a license on this plan gives, by code (docs/licenses.md "Entitlements")'),
  max_devices: z
    .number()
    .int()
    .default(1)
    .describe('Devices a license on this plan may have active at once (docs/licenses.md "Seats")'),
  subscriber_count: z.number().int().describe('Users whose subscription on this plan is active'),
  total_revenue: z
    .number()
    .describe('Completed minus refunded order amounts, decimal, plan currency'),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;

/** Answer of `GET /subscriptions/plans` (requirements §7: plans, discount_info). */
export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  discount_info: z.object({
    yearly_discount_percentage: z
      .number()
      .int()
      .describe('Largest whole-percent yearly discount among the paid plans'),
  }),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

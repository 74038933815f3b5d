/**
 * User shapes (requirements §3) and the profile calls (requirements §7). Roles and statuses are in
 * roles.ts.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { USER_ROLES, USER_STATUSES } from './roles.js';
import { countryInputSchema, countrySchema, usernameSchema } from './validation.js';

export const userRoleSchema = z.enum(USER_ROLES);
export const userStatusSchema = z.enum(USER_STATUSES);

/**
 * Subscription status as users see it: ACTIVE (paid time left), CANCELLED (cancelled at period
 * end, access continues until `expires_at`), EXPIRED (no paid time left).
 */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The user's current subscription as embedded in the user (requirements §3). */
export const userSubscriptionSchema = z.object({
  plan_name: z.string(),
  status: subscriptionStatusSchema,
  expires_at: isoDateTimeSchema,
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;

/** A user as the API shows it to that user (requirements §3). Never carries secrets. */
export const userSchema = z
  .object({
    id: idSchema,
    username: z.string(),
    email: z.string(),
    role: userRoleSchema,
    status: userStatusSchema,
    country: countrySchema.nullable(),
    notifications_enabled: z
      .boolean()
      .describe('Product news and subscription reminders by e-mail'),
    marketing_emails: z.boolean().describe('Offers and promotions by e-mail'),
    email_verified: z.boolean().describe('Whether the e-mail address was confirmed'),
    created_at: isoDateTimeSchema,
    subscription: userSubscriptionSchema.nullable().describe('Current subscription, or null'),
  })
  .describe('User');
export type User = z.infer<typeof userSchema>;

/** `{ user }` answer of `GET /auth/me`, `PUT /user/profile`, `PUT /user/notifications`. */
export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** `PUT /user/profile` payload: the profile fields a user may change (email is read-only). */
export const updateProfileRequestSchema = z
  .object({
    username: usernameSchema.optional(),
    country: countryInputSchema.nullable().optional().describe('null clears the country'),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `PUT /user/notifications` payload. */
export const updateNotificationsRequestSchema = z
  .object({
    notifications_enabled: z.boolean().optional(),
    marketing_emails: z.boolean().optional(),
  })
  .strict();
export type UpdateNotificationsRequest = z.infer<typeof updateNotificationsRequestSchema>;

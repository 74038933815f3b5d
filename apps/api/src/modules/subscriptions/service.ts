/** Subscription views and cancel-at-period-end (spec §7). */
import { API_ERRORS } from '@flockr/contract';
import type { MySubscriptionsResponse, Subscription } from '@flockr/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { subscriptions, type UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { findSubscriptionByUser, listPeriods } from './repository.js';
import { subscriptionStatus } from './status.js';

/** The user's subscription with its periods, as the API shows it, or null when they never paid. */
export async function currentSubscription(
  ctx: AppContext,
  userId: string,
): Promise<Subscription | null> {
  const found = await findSubscriptionByUser(ctx.db, userId, ctx.now());
  if (!found) return null;
  const { subscription: s, planName } = found;
  const periods = await listPeriods(ctx.db, s.id);
  return {
    id: s.id,
    plan_id: s.planId,
    plan_name: planName,
    status: subscriptionStatus(s, ctx.now()),
    started_at: s.startedAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    periods: periods.map(({ period, planName: name }) => ({
      order_id: period.orderId,
      plan_name: name,
      starts_at: period.startsAt.toISOString(),
      ends_at: period.endsAt.toISOString(),
    })),
  };
}

/** `GET /subscriptions/my-subscriptions`: the current subscription and the list (at most one). */
export async function mySubscriptions(
  ctx: AppContext,
  user: UserRow,
): Promise<MySubscriptionsResponse> {
  const subscription = await currentSubscription(ctx, user.id);
  return { subscription, subscriptions: subscription ? [subscription] : [] };
}

/**
 * `DELETE /subscriptions/{id}/cancel` (`cancel` true) and `POST /subscriptions/{id}/resume`
 * (`cancel` false): cancel at period end — access continues until `expires_at` and reminders
 * stop — or undo that, any time before `expires_at`. Idempotent.
 * @throws 404 not the caller's subscription; 409 already ended.
 */
export async function setCancelAtPeriodEnd(
  ctx: AppContext,
  user: UserRow,
  id: string,
  cancel: boolean,
): Promise<Subscription> {
  const found = await findSubscriptionByUser(ctx.db, user.id);
  if (!found || found.subscription.id !== id) throw notFound(API_ERRORS.notFound);
  if (found.subscription.expiresAt <= ctx.now()) throw conflict(API_ERRORS.subscriptionEnded);
  await ctx.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: ctx.now() })
    .where(eq(subscriptions.id, id));
  return (await currentSubscription(ctx, user.id))!;
}

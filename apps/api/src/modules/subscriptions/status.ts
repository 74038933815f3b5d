/** Subscription status as users see it (contract `SUBSCRIPTION_STATUSES`). */
import type { SubscriptionStatus } from '@flockr/contract';

/**
 * ACTIVE while `expiresAt` is in the future and not cancelled; CANCELLED while in the future but
 * set to end at period end; EXPIRED from `expiresAt` on. Access ends exactly at `expiresAt`.
 */
export function subscriptionStatus(
  sub: { expiresAt: Date; cancelAtPeriodEnd: boolean },
  now: Date,
): SubscriptionStatus {
  if (sub.expiresAt <= now) return 'EXPIRED';
  return sub.cancelAtPeriodEnd ? 'CANCELLED' : 'ACTIVE';
}

/** True when the subscription grants access (download) at `now`. */
export function hasAccess(sub: { expiresAt: Date } | undefined | null, now: Date): boolean {
  return !!sub && sub.expiresAt > now;
}

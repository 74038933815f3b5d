/**
 * A subscription's state, in the field's terms: it is active until `expires_at` (access ends
 * exactly then) and may be set to end there (`cancel_at_period_end`, as Stripe models it). The
 * spec's wire value for "active, set to end" is CANCELLED (contract `SUBSCRIPTION_STATUSES`).
 */
import type { SubscriptionStatus } from '@flockr/contract';

/**
 * True while the subscription has paid time at `now`: from its start until `expires_at`,
 * exclusive (requirements §15). The one rule for "has paid time": access (access.ts), the wire
 * status, plan changes (periods.ts) and every view of it ask here; SQL filters use its twin
 * `hasPaidTimeSql` (repository.ts).
 */
export function hasPaidTime(sub: { expiresAt: Date } | undefined | null, now: Date): boolean {
  return !!sub && sub.expiresAt > now;
}

/**
 * The status the API answers: EXPIRED from `expiresAt` on; before that CANCELLED when set to end
 * at period end (access continues), else ACTIVE.
 */
export function wireStatus(
  sub: { expiresAt: Date; cancelAtPeriodEnd: boolean },
  now: Date,
): SubscriptionStatus {
  if (!hasPaidTime(sub, now)) return 'EXPIRED';
  return sub.cancelAtPeriodEnd ? 'CANCELLED' : 'ACTIVE';
}

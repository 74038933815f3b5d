/**
 * The subscription period rule, written once (README "Subscriptions"). Subscriptions are prepaid periods
 * of 1 or 12 calendar months, in UTC. Plans are ranked by monthly price.
 */
import { UTCDate } from '@date-fns/utc';
import { addMilliseconds, addMonths } from 'date-fns';
import { hasPaidTime } from './status.js';

/** What the buyer has now: when access ends and the monthly price (minor units) of the current plan. */
export interface CurrentTime {
  expiresAt: Date;
  planId: string;
  monthlyPriceMinor: number;
}

/** The plan being bought. */
export interface BoughtPlan {
  planId: string;
  monthlyPriceMinor: number;
}

/**
 * The period a newly paid order grants, and whether the plan changes now.
 *
 * - Nothing active (no subscription, or it ended): starts now.
 *     now 2026-01-10T12:00Z, nothing, PRO 1 month → 2026-01-10T12:00Z .. 2026-02-10T12:00Z
 * - Same plan, or a plan at the same price, still active (renewal): starts at the current expiry,
 *   so renewing early loses nothing.
 *     now 2026-01-10, PRO until 2026-01-25T08:00Z, PRO 12 months → 2026-01-25T08:00Z .. 2027-01-25T08:00Z
 * - Higher plan while active (upgrade): starts now; the time left on the old plan is converted
 *   pro rata by monthly price into time on the new plan and added first.
 *     now 2026-01-01, PRO ($20) until 2026-01-31 (30 days left), PRO+ ($50) 1 month
 *     → 30 × 20/50 = 12 days carried over → 2026-01-01 .. 2026-02-13 (12 days + 1 month); `upgrade` true
 * - Lower plan while active (downgrade): starts when the current period ends; the current plan
 *   stays until then.
 *     now 2026-01-10, PRO+ until 2026-02-01, PRO 1 month → 2026-02-01 .. 2026-03-01
 * - Month ends clamp: 2026-01-31 + 1 month → 2026-02-28 (date-fns addMonths).
 */
export function planPeriod(
  now: Date,
  current: CurrentTime | null | undefined,
  bought: BoughtPlan,
  durationMonths: number,
): { startsAt: Date; endsAt: Date; upgrade: boolean; carriedOverMs: number } {
  const active = current && hasPaidTime(current, now) ? current : null;
  const months = (from: Date) => new Date(addMonths(new UTCDate(from), durationMonths).getTime());
  if (!active) return { startsAt: now, endsAt: months(now), upgrade: false, carriedOverMs: 0 };
  const isUpgrade =
    active.planId !== bought.planId &&
    bought.monthlyPriceMinor > active.monthlyPriceMinor &&
    bought.monthlyPriceMinor > 0;
  if (!isUpgrade) {
    return {
      startsAt: active.expiresAt,
      endsAt: months(active.expiresAt),
      upgrade: false,
      carriedOverMs: 0,
    };
  }
  const remainingMs = active.expiresAt.getTime() - now.getTime();
  const carriedOverMs = Math.floor(
    (remainingMs * active.monthlyPriceMinor) / bought.monthlyPriceMinor,
  );
  const endsAt = months(new Date(addMilliseconds(new UTCDate(now), carriedOverMs).getTime()));
  return { startsAt: now, endsAt, upgrade: true, carriedOverMs };
}

/**
 * How buying `bought` relates to what the buyer has at `now`, by the same rule as
 * {@link planPeriod}: NEW when nothing is active; UPGRADE when planPeriod would upgrade (another
 * plan with a higher monthly price); DOWNGRADE for another plan with a lower monthly price;
 * RENEWAL otherwise (the same plan, or a plan at the same price: it extends from the expiry).
 */
export function planChange(
  now: Date,
  current: CurrentTime | null | undefined,
  bought: BoughtPlan,
): 'NEW' | 'RENEWAL' | 'UPGRADE' | 'DOWNGRADE' {
  const active = current && hasPaidTime(current, now) ? current : null;
  if (!active) return 'NEW';
  if (active.planId === bought.planId) return 'RENEWAL';
  if (bought.monthlyPriceMinor > active.monthlyPriceMinor && bought.monthlyPriceMinor > 0)
    return 'UPGRADE';
  if (bought.monthlyPriceMinor < active.monthlyPriceMinor) return 'DOWNGRADE';
  return 'RENEWAL';
}

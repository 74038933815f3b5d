/**
 * The subscription period rule, written once (issue 2; issue 6 extends it with upgrades).
 * Subscriptions are prepaid periods of 1 or 12 calendar months, in UTC.
 */
import { UTCDate } from '@date-fns/utc';
import { addMonths } from 'date-fns';

/**
 * When a newly paid period of `durationMonths` starts and ends.
 *
 * Paying extends from the later of `now` and the current expiry:
 * - no subscription, or it expired: starts now.
 *   now = 2026-01-10T12:00Z, current = null, 1 month → 2026-01-10T12:00Z .. 2026-02-10T12:00Z
 * - still active: starts when the current period ends (renewal before expiry loses nothing).
 *   now = 2026-01-10, current expiry = 2026-01-25T08:00Z, 12 months → 2026-01-25T08:00Z .. 2027-01-25T08:00Z
 * - month ends clamp: 2026-01-31 + 1 month → 2026-02-28 (date-fns addMonths).
 */
export function nextPeriod(
  now: Date,
  currentExpiresAt: Date | null | undefined,
  durationMonths: number,
): { startsAt: Date; endsAt: Date } {
  const startsAt = currentExpiresAt && currentExpiresAt > now ? currentExpiresAt : now;
  const endsAt = addMonths(new UTCDate(startsAt), durationMonths);
  return { startsAt: new Date(startsAt), endsAt: new Date(endsAt.getTime()) };
}

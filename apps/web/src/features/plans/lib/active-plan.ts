/** The plan a signed-in user has in force, as /plans and the landing page read it. */
import type { User } from '@flockr/contract';

/**
 * Name of the user's plan while it still gives access (ACTIVE, or CANCELLED until it ends), or
 * null; `now` in epoch milliseconds.
 */
export function activePlanName(user: User | null, now = Date.now()): string | null {
  const sub = user?.subscription;
  if (!sub || sub.status === 'EXPIRED') return null;
  return new Date(sub.expires_at).getTime() > now ? sub.plan_name : null;
}

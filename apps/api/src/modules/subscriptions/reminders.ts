/**
 * Expiry reminders (README "Subscriptions"): e-mails 7 days and 1 day before a subscription ends
 * and when it ends, each at most once per end date, however many server instances run: each send
 * is first claimed by a unique insert (only the instance whose insert wins sends). Subscriptions
 * set to end get none; users who turned product e-mails off (`notifications_enabled`) get none.
 * Access itself ends exactly at `expires_at` without any job.
 */
import type { AppContext } from '../../context.js';
import { brandOf, templates } from '../../mail/templates.js';
import { claimReminder, findExpiringBetween } from './repository.js';

const DAY = 86_400_000;

/** The reminders and the window (relative to `expires_at`, in ms) in which each is due. */
const REMINDERS = [
  { kind: '7d', from: -7 * DAY, until: -1 * DAY },
  { kind: '1d', from: -1 * DAY, until: 0 },
  { kind: 'expired', from: 0, until: 2 * DAY },
] as const;

/** Sends the reminders due at `ctx.now()`. Returns how many this call sent. */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (const reminder of REMINDERS) {
    // Due when expires_at + from <= now < expires_at + until, i.e. now − until < expires_at <= now − from.
    const due = await findExpiringBetween(
      ctx.db,
      new Date(now.getTime() - reminder.until),
      new Date(now.getTime() - reminder.from),
    );
    for (const { subscription, user, planName } of due) {
      if (!(await claimReminder(ctx.db, subscription.id, reminder.kind, subscription.expiresAt)))
        continue;
      const when =
        reminder.kind === '7d' ? 'in 7 days' : reminder.kind === '1d' ? 'tomorrow' : 'now';
      try {
        await ctx.mailer.send({
          to: user.email,
          kind: 'transactional',
          ...templates.expiryReminder(brandOf(ctx.config), user.username, {
            planName,
            when: `${when} (${subscription.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
            expired: reminder.kind === 'expired',
          }),
        });
        sent += 1;
      } catch (error) {
        ctx.log.error({ err: error, subscriptionId: subscription.id }, 'reminder e-mail failed');
      }
    }
  }
  return sent;
}
